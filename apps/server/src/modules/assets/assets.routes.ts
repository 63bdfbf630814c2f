import type { FastifyInstance } from 'fastify';
import {
  assetIdParamsSchema,
  assetIdQuerySchema,
  assetSchedulesQuerySchema,
  assetUserRequestSchema,
  createAssetCategoryRequestSchema,
  createAssetRequestSchema,
  deleteAssetCategoryRequestSchema,
  deleteAssetRequestSchema,
  listAssetLogsQuerySchema,
  listAssetsLogsQuerySchema,
  listAssetsQuerySchema,
  listUserAssetsQuerySchema,
  openAssetQuerySchema,
  updateAssetCategoryRequestSchema,
  updateAssetRequestSchema,
  userOwnsAssetSchedulesQuerySchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AssetCategoriesService } from './asset-categories.service.js';
import { AssetStorageService } from './asset-storage.service.js';
import { AssetsService } from './assets.service.js';

/** Day after `YYYY-MM-DD`, as the exclusive upper bound of a date interval. */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/** SPEC §7 Assets, plus category CRUD and the admin door opens (docs/api/assets.md). */
export async function assetsModule(app: FastifyInstance) {
  const assets = new AssetsService(app.db);
  const categories = new AssetCategoriesService(app.db);
  const storage = new AssetStorageService(app.db, assets, app.doors, app.lockerUpdates);
  app.bus.on('tag', (e) => storage.onTag(e));
  app.bus.on('tagSnapshot', (e) => storage.onTagSnapshot(e));
  app.bus.on('doorChanged', (e) => storage.onDoorChanged(e));

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/asset/listAssets',
      permission: 'assets.view',
      summary: 'Assets, server-paged and filtered (Data.assets, Data.totalAssets)',
      query: listAssetsQuerySchema,
      handler: ({ query: { max_results, offset, ...filter } }) =>
        assets.list(filter, { limit: max_results, offset }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/asset',
      permission: 'assets.view',
      query: assetIdQuerySchema,
      handler: ({ query }) => assets.get(query.assetId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/asset/asset',
      permission: 'assets.manage',
      body: createAssetRequestSchema,
      handler: ({ account, body }) => assets.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/asset/asset',
      permission: 'assets.manage',
      body: updateAssetRequestSchema,
      handler: ({ account, body: { id, ...fields } }) => assets.update(account!, id, fields),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/asset/asset',
      permission: 'assets.manage',
      body: deleteAssetRequestSchema,
      handler: ({ account, body }) => assets.remove(account!, body.assetId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/asset/addAssetUser',
      permission: 'assets.manage',
      body: assetUserRequestSchema,
      handler: ({ body }) => assets.addUser(body.AssetId, body.UserId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/asset/removeAssetUser',
      permission: 'assets.manage',
      body: assetUserRequestSchema,
      handler: ({ body }) => assets.removeUser(body.AssetId, body.UserId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/listAssetsLogs',
      permission: 'assets.view',
      summary: 'Logs of every asset (Data.logs, Data.totalLogs)',
      query: listAssetsLogsQuerySchema,
      handler: ({ query: { max_results, offset, createdAtInterval, ...filter } }) =>
        assets.logs(
          {
            ...filter,
            from: createdAtInterval ? `${createdAtInterval.from}T00:00:00.000Z` : undefined,
            to: createdAtInterval ? dayAfter(createdAtInterval.to) : undefined,
          },
          { limit: max_results, offset },
        ),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/listUserAssets',
      permission: 'assets.view',
      query: listUserAssetsQuerySchema,
      handler: ({ query }) => assets.listOfUser(query.userId),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/listAssetLogs',
      permission: 'assets.view',
      query: listAssetLogsQuerySchema,
      handler: ({ query }) => assets.assetLogs(query.assetId, query.max_results),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/assetKpis/:id',
      permission: 'assets.view',
      params: assetIdParamsSchema,
      handler: ({ params }) => assets.kpis(params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/assetWarnings',
      permission: 'assets.warnings',
      handler: () => assets.warnings(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/enableAsset',
      permission: 'assets.manage',
      query: assetIdQuerySchema,
      handler: ({ account, query }) => assets.setEnabled(account!, query.assetId, true),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/disableAsset',
      permission: 'assets.manage',
      query: assetIdQuerySchema,
      handler: ({ account, query }) => assets.setEnabled(account!, query.assetId, false),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/addSchedules',
      permission: 'assets.manage',
      query: assetSchedulesQuerySchema,
      handler: ({ query }) => assets.changeSchedules(query.assetId, query.scheduleIds, true),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/removeSchedules',
      permission: 'assets.manage',
      query: assetSchedulesQuerySchema,
      handler: ({ query }) => assets.changeSchedules(query.assetId, query.scheduleIds, false),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/userOwnsAsset/addSchedules',
      permission: 'assets.manage',
      query: userOwnsAssetSchedulesQuerySchema,
      handler: ({ query }) =>
        assets.changeUserSchedules(query.assetId, query.userId, query.scheduleIds, true),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/userOwnsAsset/removeSchedules',
      permission: 'assets.manage',
      query: userOwnsAssetSchedulesQuerySchema,
      handler: ({ query }) =>
        assets.changeUserSchedules(query.assetId, query.userId, query.scheduleIds, false),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/openForStorage',
      permission: 'assets.manage',
      summary: 'Admin opens a locker to store the asset (asset log 11)',
      query: openAssetQuerySchema,
      handler: ({ account, query }) => storage.openForStorage(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/openForRetrieval',
      permission: 'assets.manage',
      summary: "Admin opens the asset's locker to take it out (asset log 10)",
      query: assetIdQuerySchema,
      handler: ({ account, query }) => storage.openForRetrieval(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/asset/categories',
      permission: 'assets.view',
      handler: () => categories.list(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/asset/category',
      permission: 'assets.manage',
      body: createAssetCategoryRequestSchema,
      handler: ({ body }) => categories.create(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/asset/category',
      permission: 'assets.manage',
      body: updateAssetCategoryRequestSchema,
      handler: ({ body }) => categories.update(body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/asset/category',
      permission: 'assets.manage',
      body: deleteAssetCategoryRequestSchema,
      handler: ({ body }) => categories.remove(body.categoryId),
    }),
  ]);
}
