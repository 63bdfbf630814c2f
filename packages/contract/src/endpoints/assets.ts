import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { DOOR_FAILURE_CODES, LOCKER_CLAIM_ERRORS } from '../envelope.js';
import { EXPORT_CONTENT_TYPES } from '../lists.js';
import {
  assetCategorySchema,
  assetDoorOpenReplySchema,
  assetGroupRequestSchema,
  assetIdParamsSchema,
  assetIdQuerySchema,
  assetKpisSchema,
  assetLogSchema,
  assetSchedulesQuerySchema,
  assetSchema,
  assetUserRequestSchema,
  assetWarningSchema,
  createAssetCategoryRequestSchema,
  createAssetRequestSchema,
  deleteAssetCategoryRequestSchema,
  deleteAssetRequestSchema,
  listAssetLogsQuerySchema,
  assetLogsExportQuerySchema,
  assetsExportQuerySchema,
  listAssetsLogsQuerySchema,
  listAssetsLogsReplySchema,
  listAssetsQuerySchema,
  listAssetsReplySchema,
  listUserAssetsQuerySchema,
  openAssetQuerySchema,
  updateAssetCategoryRequestSchema,
  updateAssetRequestSchema,
  userOwnsAssetSchedulesQuerySchema,
} from '../schemas/assets.js';

/** A change to one asset, answered with the asset as it is now. */
const assetChange = (
  method: 'GET' | 'POST',
  path: string,
  summary: string,
  errors: readonly ('assetUserNotExist' | 'notFound')[] = [],
) =>
  ({
    method,
    path,
    permission: 'assets.manage',
    summary,
    reply: assetSchema,
    errors: ['assetNotExist', ...errors],
  }) as const;

/** Schedules given by id: one that does not exist is `notFound` with the missing ids. */
const scheduleChange = (path: string, summary: string) => ({
  ...assetChange('GET', path, summary, ['notFound']),
  query: assetSchedulesQuerySchema,
});
const userScheduleChange = (path: string, summary: string) => ({
  ...assetChange('GET', path, summary, ['assetUserNotExist', 'notFound']),
  query: userOwnsAssetSchedulesQuerySchema,
});

/**
 * Assets (SPEC §7 Assets, docs/api/assets.md): the catalogue, who may retrieve each asset and when,
 * its logs, KPIs and warnings, the admin door opens, and the categories.
 */
export const assetsApi = defineEndpoints('assets', {
  list: {
    method: 'GET',
    path: '/api/asset/listAssets',
    permission: 'assets.view',
    summary: 'Assets, server-paged and filtered (Data.assets, Data.totalAssets)',
    query: listAssetsQuerySchema,
    reply: listAssetsReplySchema,
  },
  exportAssets: {
    method: 'GET',
    path: '/api/asset/listAssets/export',
    permission: 'assets.view',
    summary: 'The filtered assets list as an .xlsx or .csv file, streamed',
    query: assetsExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  asset: {
    method: 'GET',
    path: '/api/asset/asset',
    permission: 'assets.view',
    summary: 'One asset with its categories, lockers, users and schedules',
    query: assetIdQuerySchema,
    reply: assetSchema,
    errors: ['assetNotExist'],
  },
  create: {
    method: 'POST',
    path: '/api/asset/asset',
    permission: 'assets.manage',
    summary: 'Create an asset (its tag is unique)',
    body: createAssetRequestSchema,
    reply: assetSchema,
    errors: ['tagInUse', 'categoryNotExist'],
  },
  update: {
    method: 'PUT',
    versioned: true,
    path: '/api/asset/asset',
    permission: 'assets.manage',
    summary: 'Edit the details of an asset (its status stays)',
    body: updateAssetRequestSchema,
    reply: assetSchema,
    errors: ['assetNotExist', 'tagInUse', 'categoryNotExist'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/asset/asset',
    permission: 'assets.manage',
    summary: 'Delete an asset that is not in a locker',
    body: deleteAssetRequestSchema,
    reply: z.null(),
    errors: ['assetNotExist', 'assetInLocker'],
  },
  addUser: {
    ...assetChange('POST', '/api/asset/addAssetUser', 'Let a locker user retrieve the asset', [
      'assetUserNotExist',
    ]),
    body: assetUserRequestSchema,
  },
  removeUser: {
    ...assetChange('POST', '/api/asset/removeAssetUser', 'Stop a locker user retrieving the asset', [
      'assetUserNotExist',
    ]),
    body: assetUserRequestSchema,
  },
  addGroup: {
    ...assetChange(
      'POST',
      '/api/asset/addAssetGroup',
      "Let a user group's members, now and later, retrieve the asset",
      ['notFound'],
    ),
    body: assetGroupRequestSchema,
  },
  removeGroup: {
    ...assetChange(
      'POST',
      '/api/asset/removeAssetGroup',
      "Stop a user group's members retrieving the asset",
      ['notFound'],
    ),
    body: assetGroupRequestSchema,
  },
  logs: {
    method: 'GET',
    path: '/api/asset/listAssetsLogs',
    permission: 'assets.view',
    summary: 'Logs of every asset, newest first (createdAtInterval YYYY-MM-DD|YYYY-MM-DD, UTC days)',
    query: listAssetsLogsQuerySchema,
    reply: listAssetsLogsReplySchema,
  },
  exportLogs: {
    method: 'GET',
    path: '/api/asset/listAssetsLogs/export',
    permission: 'assets.view',
    summary: 'The filtered asset logs as an .xlsx or .csv file, streamed',
    query: assetLogsExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  userAssets: {
    method: 'GET',
    path: '/api/asset/listUserAssets',
    permission: 'assets.view',
    summary: 'The assets a locker user may retrieve',
    query: listUserAssetsQuerySchema,
    reply: z.array(assetSchema),
  },
  assetLogs: {
    method: 'GET',
    path: '/api/asset/listAssetLogs',
    permission: 'assets.view',
    summary: 'The latest logs of one asset',
    query: listAssetLogsQuerySchema,
    reply: z.array(assetLogSchema),
    errors: ['assetNotExist'],
  },
  kpis: {
    method: 'GET',
    path: '/api/asset/assetKpis/:id',
    permission: 'assets.view',
    summary: 'Uses of one asset over 15, 30 and 365 days, per user and per day',
    params: assetIdParamsSchema,
    reply: assetKpisSchema,
    errors: ['assetNotExist'],
  },
  warnings: {
    method: 'GET',
    path: '/api/asset/assetWarnings',
    permission: 'assets.warnings',
    summary: 'Assets whose tag contradicts their status (stored but unseen, retrieved but seen)',
    reply: z.array(assetWarningSchema),
  },
  enable: { ...assetChange('GET', '/api/asset/enableAsset', 'Enable an asset'), query: assetIdQuerySchema },
  disable: {
    ...assetChange('GET', '/api/asset/disableAsset', 'Disable an asset'),
    query: assetIdQuerySchema,
  },
  addSchedules: scheduleChange('/api/asset/addSchedules', 'Add schedules to an asset'),
  removeSchedules: scheduleChange('/api/asset/removeSchedules', 'Remove schedules from an asset'),
  addUserSchedules: userScheduleChange(
    '/api/userOwnsAsset/addSchedules',
    'Add schedules to one user of an asset',
  ),
  removeUserSchedules: userScheduleChange(
    '/api/userOwnsAsset/removeSchedules',
    'Remove schedules from one user of an asset',
  ),
  openForStorage: {
    method: 'GET',
    path: '/api/asset/openForStorage',
    permission: 'assets.manage',
    summary: 'Admin opens a locker to store the asset (asset log 11)',
    description:
      "A locker may be chosen (lockerId, or placeId for any fitting one); otherwise the asset's own " +
      'locker, or a free one of its size when it may use any. Closing the door stores the asset.',
    query: openAssetQuerySchema,
    reply: assetDoorOpenReplySchema,
    errors: [
      'assetNotExist',
      'assetDisabled',
      'assetInLocker',
      'notFound',
      'No locker avaliable',
      // One availability rule (docs/adr/0070); none while the place is in maintenance or emergency.
      ...LOCKER_CLAIM_ERRORS,
      ...DOOR_FAILURE_CODES,
    ],
  },
  openForRetrieval: {
    method: 'GET',
    path: '/api/asset/openForRetrieval',
    permission: 'assets.manage',
    summary: "Admin opens the asset's locker to take it out (asset log 10)",
    query: assetIdQuerySchema,
    reply: assetDoorOpenReplySchema,
    errors: ['assetNotExist', 'assetDisabled', 'assetNotInLocker', 'notFound', ...DOOR_FAILURE_CODES],
  },
  categories: {
    method: 'GET',
    path: '/api/asset/categories',
    permission: 'assets.view',
    summary: 'Asset categories with the number of assets in each',
    reply: z.array(assetCategorySchema),
  },
  createCategory: {
    method: 'POST',
    path: '/api/asset/category',
    permission: 'assets.manage',
    summary: 'Create a category (names are unique, whatever the case)',
    body: createAssetCategoryRequestSchema,
    reply: assetCategorySchema,
    errors: ['categoryNameExists'],
  },
  updateCategory: {
    method: 'PUT',
    versioned: true,
    path: '/api/asset/category',
    permission: 'assets.manage',
    summary: 'Edit a category',
    body: updateAssetCategoryRequestSchema,
    reply: assetCategorySchema,
    errors: ['categoryNotExist', 'categoryNameExists'],
  },
  removeCategory: {
    method: 'DELETE',
    path: '/api/asset/category',
    permission: 'assets.manage',
    summary: 'Delete a category; its assets stay, without it',
    body: deleteAssetCategoryRequestSchema,
    reply: z.null(),
    errors: ['categoryNotExist'],
  },
});
