import { assetsApi as api } from '@cacifo/contract';
import { route } from '../../lib/define-route.js';
import type { AssetCategoriesService } from './asset-categories.service.js';
import type { AssetStorageService } from './asset-storage.service.js';
import type { AssetsService } from './assets.service.js';

/** SPEC §7 Assets, plus category CRUD and the admin door opens (docs/api/assets.md). */
export function assetsRoutes(s: {
  assets: AssetsService;
  categories: AssetCategoriesService;
  storage: AssetStorageService;
}) {
  const { assets, categories, storage } = s;
  return [
    route(api.list, ({ query: { max_results, offset, ...filter } }) =>
      assets.list(filter, { limit: max_results, offset }),
    ),
    route(api.asset, ({ query }) => assets.get(query.assetId)),
    route(api.create, ({ account, body }) => assets.create(account, body)),
    route(api.update, ({ account, body: { id, updatedAt, ...fields } }) =>
      assets.update(account, id, fields, updatedAt),
    ),
    route(api.remove, ({ account, body }) => assets.remove(account, body.assetId)),
    route(api.addUser, ({ body }) => assets.addUser(body.AssetId, body.UserId)),
    route(api.removeUser, ({ body }) => assets.removeUser(body.AssetId, body.UserId)),
    route(api.addGroup, ({ body }) => assets.changeGroup(body.assetId, body.groupId, true)),
    route(api.removeGroup, ({ body }) => assets.changeGroup(body.assetId, body.groupId, false)),
    route(api.logs, ({ query }) => assets.logs(query)),
    route(api.userAssets, ({ query }) => assets.listOfUser(query.userId)),
    route(api.assetLogs, ({ query }) => assets.assetLogs(query.assetId, query.max_results)),
    route(api.kpis, ({ params }) => assets.kpis(params.id)),
    route(api.warnings, () => assets.warnings()),
    route(api.enable, ({ account, query }) => assets.setEnabled(account, query.assetId, true)),
    route(api.disable, ({ account, query }) => assets.setEnabled(account, query.assetId, false)),
    route(api.addSchedules, ({ query }) => assets.changeSchedules(query.assetId, query.scheduleIds, true)),
    route(api.removeSchedules, ({ query }) =>
      assets.changeSchedules(query.assetId, query.scheduleIds, false),
    ),
    route(api.addUserSchedules, ({ query: q }) =>
      assets.changeUserSchedules(q.assetId, q.userId, q.scheduleIds, true),
    ),
    route(api.removeUserSchedules, ({ query: q }) =>
      assets.changeUserSchedules(q.assetId, q.userId, q.scheduleIds, false),
    ),
    route(api.openForStorage, ({ account, query }) => storage.openForStorage(account, query)),
    route(api.openForRetrieval, ({ account, query }) => storage.openForRetrieval(account, query)),
    route(api.categories, () => categories.list()),
    route(api.createCategory, ({ body }) => categories.create(body)),
    route(api.updateCategory, ({ body }) => categories.update(body)),
    route(api.removeCategory, ({ body }) => categories.remove(body.categoryId)),
  ];
}
