import { assetsApi as api } from '@cacifo/contract';
import { route } from '../../lib/define-route.js';
import type { AssetAccessService } from './asset-access.service.js';
import type { AssetCategoriesService } from './asset-categories.service.js';
import type { AssetStorageService } from './asset-storage.service.js';
import type { AssetsService } from './assets.service.js';

/** SPEC §7 Assets, plus category CRUD and the admin door opens (docs/api/assets.md). */
export function assetsRoutes(s: {
  assets: AssetsService;
  access: AssetAccessService;
  categories: AssetCategoriesService;
  storage: AssetStorageService;
  /** Tells every open asset screen (RefreshAssets) which assets a call changed. */
  changed: (assetIds: number[]) => void;
}) {
  const { assets, access, categories, storage, changed } = s;
  /** The call's answer, once every screen was told these assets changed. */
  const told = async <T>(p: Promise<T>, ids: number[] | ((r: T) => number[])): Promise<T> => {
    const r = await p;
    changed(typeof ids === 'function' ? ids(r) : ids);
    return r;
  };
  return [
    route(api.list, ({ query }) => assets.list(query)),
    route(api.exportAssets, ({ reply, query }) => assets.exportAssets(reply, query)),
    route(api.exportLogs, ({ reply, query }) => assets.exportLogs(reply, query)),
    route(api.asset, ({ query }) => assets.get(query.assetId)),
    route(api.create, ({ account, body }) => told(assets.create(account, body), (a) => [a.id])),
    route(api.update, ({ account, body: { id, updatedAt, ...fields } }) =>
      told(assets.update(account, id, fields, updatedAt), [id]),
    ),
    route(api.remove, ({ account, body }) => told(assets.remove(account, body.assetId), [body.assetId])),
    route(api.addUser, ({ account, body }) =>
      told(access.addUser(account, body.AssetId, body.UserId), [body.AssetId]),
    ),
    route(api.removeUser, ({ account, body }) =>
      told(access.removeUser(account, body.AssetId, body.UserId), [body.AssetId]),
    ),
    route(api.addGroup, ({ account, body }) =>
      told(access.changeGroup(account, body.assetId, body.groupId, true), [body.assetId]),
    ),
    route(api.removeGroup, ({ account, body }) =>
      told(access.changeGroup(account, body.assetId, body.groupId, false), [body.assetId]),
    ),
    route(api.logs, ({ query }) => assets.logs(query)),
    route(api.userAssets, ({ query }) => assets.listOfUser(query.userId)),
    route(api.assetLogs, ({ query }) => assets.assetLogs(query.assetId, query.max_results)),
    route(api.kpis, ({ params }) => assets.kpis(params.id)),
    route(api.warnings, () => assets.warnings()),
    route(api.enable, ({ account, query }) =>
      told(assets.setEnabled(account, query.assetId, true), [query.assetId]),
    ),
    route(api.disable, ({ account, query }) =>
      told(assets.setEnabled(account, query.assetId, false), [query.assetId]),
    ),
    route(api.addSchedules, ({ account, query }) =>
      told(access.changeSchedules(account, query.assetId, query.scheduleIds, true), [query.assetId]),
    ),
    route(api.removeSchedules, ({ account, query }) =>
      told(access.changeSchedules(account, query.assetId, query.scheduleIds, false), [query.assetId]),
    ),
    route(api.addUserSchedules, ({ account, query: q }) =>
      told(access.changeUserSchedules(account, q.assetId, q.userId, q.scheduleIds, true), [q.assetId]),
    ),
    route(api.removeUserSchedules, ({ account, query: q }) =>
      told(access.changeUserSchedules(account, q.assetId, q.userId, q.scheduleIds, false), [q.assetId]),
    ),
    route(api.openForStorage, ({ account, query }) =>
      told(storage.openForStorage(account, query), [query.assetId]),
    ),
    route(api.openForRetrieval, ({ account, query }) =>
      told(storage.openForRetrieval(account, query), [query.assetId]),
    ),
    route(api.categories, () => categories.list()),
    // The list shows each asset's categories: a category change refreshes it too.
    route(api.createCategory, ({ account, body }) => told(categories.create(account, body), [])),
    route(api.updateCategory, ({ account, body }) => told(categories.update(account, body), [])),
    route(api.removeCategory, ({ account, body }) => told(categories.remove(account, body.categoryId), [])),
  ];
}
