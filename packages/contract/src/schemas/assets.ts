import { z } from 'zod';
import {
  ASSET_CATEGORY_ICONS,
  ASSET_CATEGORY_NAME_MAX,
  ASSET_NAME_MAX,
  ASSET_TAG_MAX,
  type AssetLogAction,
  type AssetStatus,
  type AssetWarningKind,
  type TagStatus,
} from '../codes/asset.js';
import { LOCKER_SIZE } from '../codes/locker.js';
import {
  commaIdsSchema,
  dateIntervalSchema,
  DESCRIPTION_MAX,
  idSchema,
  maxResultsSchema,
  offsetSchema,
} from '../validation.js';

export {
  ASSET_CATEGORY_ICONS,
  ASSET_CATEGORY_NAME_MAX,
  ASSET_NAME_MAX,
  ASSET_TAG_MAX,
  type AssetCategoryIcon,
} from '../codes/asset.js';
export { ASSET_WARNINGS_POLL_MS } from '../polling.js';

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
  .regex(/^[A-Za-z0-9:_-]+$/, 'validation.tagFormat');

/** `category` is one category id, a list of them, or a comma list (the client sends one). */
const categoryIdsSchema = z
  .union([z.number().int().positive(), z.array(z.number().int().positive()).max(20), commaIdsSchema])
  .transform((v) => (Array.isArray(v) ? v : [v]));
const flagSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const assetFields = {
  name: assetNameSchema,
  category: categoryIdsSchema.optional(),
  tag: assetTagSchema,
  description: z.string().trim().max(DESCRIPTION_MAX, 'validation.descriptionLength').default(''),
  isRandomLocker: flagSchema.default(true),
};

/** POST api/asset/asset. */
export const createAssetRequestSchema = z.object(assetFields);
export type CreateAssetRequest = z.input<typeof createAssetRequestSchema>;
/** PUT api/asset/asset: id plus the same fields. */
export const updateAssetRequestSchema = z.object({ id: z.coerce.number().int().positive(), ...assetFields });
export type UpdateAssetRequest = z.input<typeof updateAssetRequestSchema>;
/** DELETE api/asset/asset with body assetId. */
export const deleteAssetRequestSchema = z.object({ assetId: z.coerce.number().int().positive() });
export const assetIdQuerySchema = z.object({ assetId: idSchema });
export const assetIdParamsSchema = z.object({ id: idSchema });
/** POST api/asset/addAssetUser and removeAssetUser: SPEC's capitalised field names. */
export const assetUserRequestSchema = z.object({
  AssetId: z.coerce.number().int().positive(),
  UserId: z.coerce.number().int().positive(),
});
export const assetSchedulesQuerySchema = z.object({ assetId: idSchema, scheduleIds: commaIdsSchema });
export const userOwnsAssetSchedulesQuerySchema = z.object({
  assetId: idSchema,
  userId: idSchema,
  scheduleIds: commaIdsSchema,
});
/** Admin door opens (log 10 and 11); a locker may be chosen, otherwise the server picks one. */
export const openAssetQuerySchema = z.object({
  assetId: idSchema,
  lockerId: idSchema.optional(),
  placeId: idSchema.optional(),
});

export const listAssetsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  search: z.string().trim().max(100).optional(),
  status: commaIdsSchema.optional(),
  categoryId: idSchema.optional(),
  enabled: z.enum(['0', '1']).transform(Number).optional(),
  warning: z.enum(['0', '1']).transform(Number).optional(),
});
export type ListAssetsQuery = z.input<typeof listAssetsQuerySchema>;

export const listAssetsLogsQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  assetId: idSchema.optional(),
  actionId: commaIdsSchema.optional(),
  userId: idSchema.optional(),
  adminId: idSchema.optional(),
  lockerId: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
  createdAtInterval: dateIntervalSchema.optional(),
});
export type ListAssetsLogsQuery = z.input<typeof listAssetsLogsQuerySchema>;
export const listAssetLogsQuerySchema = z.object({ max_results: maxResultsSchema, assetId: idSchema });
export const listUserAssetsQuerySchema = z.object({ userId: idSchema });

/** Categories: name, icon, size (SPEC §3). */
const categoryFields = {
  name: assetCategoryNameSchema,
  icon: z.enum(ASSET_CATEGORY_ICONS, 'validation.categoryIcon'),
  size: z.enum(sizeValues, 'validation.lockerSize'),
};
export const createAssetCategoryRequestSchema = z.object(categoryFields);
export type CreateAssetCategoryRequest = z.infer<typeof createAssetCategoryRequestSchema>;
export const updateAssetCategoryRequestSchema = z.object({
  id: z.coerce.number().int().positive(),
  ...categoryFields,
});
export type UpdateAssetCategoryRequest = z.infer<typeof updateAssetCategoryRequestSchema>;
export const deleteAssetCategoryRequestSchema = z.object({ categoryId: z.coerce.number().int().positive() });

// ---- replies ----

export const assetCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  size: z.string(),
  assetCount: z.number().int(),
});
export type AssetCategory = z.infer<typeof assetCategorySchema>;

export const assetLockerSchema = z.object({
  id: z.number().int(),
  placeId: z.number().int(),
  placeName: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  status: z.number().int(),
  doorStatus: z.number().int(),
});
export type AssetLocker = z.infer<typeof assetLockerSchema>;

/** A locker user who may retrieve the asset, with the schedules that limit them. */
export const assetUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  scheduleIds: z.array(z.number().int()),
});
export type AssetUser = z.infer<typeof assetUserSchema>;

export interface Asset {
  id: number;
  name: string;
  tag: string;
  description: string;
  status: AssetStatus;
  /** The largest size among its categories: the locker size it needs. */
  size: string | null;
  /** Where it is: "<place> #<door>" while it holds a locker, else null. */
  container: string | null;
  enabled: number;
  isRandomLocker: boolean;
  tagStatus: TagStatus;
  createdAt: string;
  statusChangeAt: string;
  tagStatusChangeAt: string | null;
  lockers: AssetLocker[];
  categories: Array<Omit<AssetCategory, 'assetCount'>>;
  retrievedBy: AssetUser[];
  schedules: number[];
  warning: AssetWarningKind | null;
}

export interface ListAssetsReply {
  assets: Asset[];
  totalAssets: number;
}

/** Asset log (SPEC §3), names copied so the row reads right after a deletion. */
export interface AssetLog {
  id: number;
  assetId: number;
  assetName: string;
  actionId: AssetLogAction;
  createdAt: string;
  description: string | null;
  userId: number | null;
  username: string | null;
  adminId: number | null;
  adminName: string | null;
  lockerId: number | null;
  doorNumber: number | null;
  drawerMetraId: string | null;
}

export interface ListAssetsLogsReply {
  logs: AssetLog[];
  totalLogs: number;
}

export interface AssetWarning {
  assetId: number;
  assetName: string;
  tag: string;
  kind: AssetWarningKind;
  status: number;
  tagStatus: number;
  /** When the asset entered the state that makes the warning (the later of both changes). */
  since: string;
  lockerId: number | null;
  doorNumber: number | null;
  placeName: string | null;
}

/** GET api/asset/assetKpis/{id}: see docs/api/assets.md for how each figure is counted. */
export interface AssetKpiWindow {
  days: number;
  totalUses: number;
  averageDailyUses: number;
  usesPerUser: number;
  users: Array<{ userId: number | null; adminId: number | null; name: string; uses: number }>;
}
export interface AssetKpis {
  assetId: number;
  totalUses: number;
  last15Days: AssetKpiWindow;
  last30Days: AssetKpiWindow;
  last365Days: AssetKpiWindow;
  dailyUses: {
    current: Array<{ date: string; uses: number }>;
    previous: Array<{ date: string; uses: number }>;
  };
}

export interface AssetDoorOpenReply {
  asset: Asset;
  lockerId: number;
  doorNumber: number;
  placeId: number;
  outcome: string;
  commandId: string;
}
