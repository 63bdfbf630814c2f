import { z } from 'zod';
import { versionShape } from '../versioning.js';
import { TAG_ID_PATTERN } from '../limits.js';
import {
  ASSET_CATEGORY_ICONS,
  ASSET_CATEGORY_NAME_MAX,
  ASSET_NAME_MAX,
  ASSET_TAG_MAX,
} from '../codes/asset.js';
import { LOCKER_SIZE } from '../codes/locker.js';
import { exportFields, sortQuery } from '../lists.js';
import {
  commaIdsSchema,
  dateIntervalSchema,
  DESCRIPTION_MAX,
  idSchema,
  maxResultsSchema,
  offsetSchema,
  urlIdSchema,
} from '../validation.js';

export {
  ASSET_CATEGORY_ICONS,
  ASSET_CATEGORY_NAME_MAX,
  ASSET_NAME_MAX,
  ASSET_TAG_MAX,
  type AssetCategoryIcon,
} from '../codes/asset.js';
export { ASSET_WARNINGS_POLL_MS } from '../polling.js';
export * from './asset-replies.js';

const sizeValues = Object.values(LOCKER_SIZE);

export const assetNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(ASSET_NAME_MAX, 'validation.assetNameLength');
export const assetCategoryNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(ASSET_CATEGORY_NAME_MAX, 'validation.categoryNameLength');
export const assetTagSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(ASSET_TAG_MAX, 'validation.tagLength')
  .regex(TAG_ID_PATTERN, 'validation.tagFormat');

/** `category` is one category id or a list of them, as JSON numbers (issue #31: no comma text). */
const categoryIdsSchema = z
  .union([idSchema, z.array(idSchema).max(20)])
  .transform((v) => (Array.isArray(v) ? v : [v]));

const assetFields = {
  name: assetNameSchema,
  category: categoryIdsSchema.optional(),
  tag: assetTagSchema,
  description: z.string().trim().max(DESCRIPTION_MAX, 'validation.descriptionLength').default(''),
  // A JSON boolean: the text 'true' or 'false' is no flag (issue #31).
  isRandomLocker: z.boolean().default(true),
};

/** POST api/asset/asset. */
export const createAssetRequestSchema = z.object(assetFields);
export type CreateAssetRequest = z.input<typeof createAssetRequestSchema>;
/** PUT api/asset/asset: id plus the same fields. */
export const updateAssetRequestSchema = z.object({
  id: idSchema,
  ...assetFields,
  ...versionShape,
});
export type UpdateAssetRequest = z.input<typeof updateAssetRequestSchema>;
/** DELETE api/asset/asset with body assetId. */
export const deleteAssetRequestSchema = z.object({ assetId: idSchema });
export const assetIdQuerySchema = z.object({ assetId: urlIdSchema });
export const assetIdParamsSchema = z.object({ id: urlIdSchema });
/** POST api/asset/addAssetUser and removeAssetUser: SPEC's capitalised field names. */
export const assetUserRequestSchema = z.object({
  AssetId: idSchema,
  UserId: idSchema,
});
/** A user group given (or no longer given) access to an asset: its members now and later. */
export const assetGroupRequestSchema = z.object({ assetId: idSchema, groupId: idSchema });
export const assetSchedulesQuerySchema = z.object({ assetId: urlIdSchema, scheduleIds: commaIdsSchema });
export const userOwnsAssetSchedulesQuerySchema = z.object({
  assetId: urlIdSchema,
  userId: urlIdSchema,
  scheduleIds: commaIdsSchema,
});
/** Admin door opens (log 10 and 11); a locker may be chosen, otherwise the server picks one. */
export const openAssetQuerySchema = z.object({
  assetId: urlIdSchema,
  lockerId: urlIdSchema.optional(),
  placeId: urlIdSchema.optional(),
});

/**
 * The assets list's filters and sort (issue #22): name or tag (any case), status, category,
 * enabled, warning, the location of its locker and the user group that may retrieve it; by name
 * (any case) unless sorted.
 */
export const ASSET_SORT_COLUMNS = ['name', 'tag', 'status', 'createdAt', 'statusChangeAt'] as const;
const assetsFilterShape = {
  search: z.string().trim().max(100).optional(),
  status: commaIdsSchema.optional(),
  categoryId: urlIdSchema.optional(),
  enabled: z.enum(['0', '1']).transform(Number).optional(),
  warning: z.enum(['0', '1']).transform(Number).optional(),
  placeId: urlIdSchema.optional(),
  groupId: urlIdSchema.optional(),
  ...sortQuery(ASSET_SORT_COLUMNS, 'name'),
};
export const listAssetsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...assetsFilterShape,
});
export type ListAssetsQuery = z.input<typeof listAssetsQuerySchema>;
export type AssetsFilter = z.output<typeof listAssetsQuerySchema>;
/** GET api/asset/listAssets/export: the filtered list as .xlsx or .csv. */
export const assetsExportQuerySchema = z.object({ ...assetsFilterShape, ...exportFields });
export type AssetsExportQuery = z.output<typeof assetsExportQuerySchema>;

/**
 * The asset logs list's filters and sort (issue #22): asset name (any case), action, the user or
 * admin who acted (by id, or any part of the name in any case as `actor`), locker and days; newest
 * first unless sorted.
 */
export const ASSET_LOG_SORT_COLUMNS = ['createdAt', 'assetName', 'actionId'] as const;
const assetLogsFilterShape = {
  assetId: urlIdSchema.optional(),
  actionId: commaIdsSchema.optional(),
  userId: urlIdSchema.optional(),
  adminId: urlIdSchema.optional(),
  lockerId: urlIdSchema.optional(),
  actor: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  createdAtInterval: dateIntervalSchema.optional(),
  ...sortQuery(ASSET_LOG_SORT_COLUMNS, 'createdAt', 'desc'),
};
export const listAssetsLogsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  ...assetLogsFilterShape,
});
export type ListAssetsLogsQuery = z.input<typeof listAssetsLogsQuerySchema>;
export type AssetLogsFilter = z.output<typeof listAssetsLogsQuerySchema>;
/** GET api/asset/listAssetsLogs/export: the filtered logs as .xlsx or .csv. */
export const assetLogsExportQuerySchema = z.object({ ...assetLogsFilterShape, ...exportFields });
export type AssetLogsExportQuery = z.output<typeof assetLogsExportQuerySchema>;
export const listAssetLogsQuerySchema = z.object({ max_results: maxResultsSchema, assetId: urlIdSchema });
export const listUserAssetsQuerySchema = z.object({ userId: urlIdSchema });

/** Categories: name, icon, size (SPEC §3). */
const categoryFields = {
  name: assetCategoryNameSchema,
  icon: z.enum(ASSET_CATEGORY_ICONS, 'validation.categoryIcon'),
  size: z.enum(sizeValues, 'validation.lockerSize'),
};
export const createAssetCategoryRequestSchema = z.object(categoryFields);
export type CreateAssetCategoryRequest = z.infer<typeof createAssetCategoryRequestSchema>;
export const updateAssetCategoryRequestSchema = z.object({
  id: idSchema,
  ...categoryFields,
  ...versionShape,
});
export type UpdateAssetCategoryRequest = z.infer<typeof updateAssetCategoryRequestSchema>;
export const deleteAssetCategoryRequestSchema = z.object({ categoryId: idSchema });
