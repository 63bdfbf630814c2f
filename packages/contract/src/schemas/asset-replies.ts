import { z } from 'zod';
import {
  ASSET_CATEGORY_ICONS,
  ASSET_WARNING_KINDS,
  assetLogAction,
  assetStatus,
  tagStatus,
} from '../codes/asset.js';
import { doorStatus, lockerStatus } from '../codes/locker.js';
import { DOOR_OPEN_OUTCOMES, instantSchema, localDateSchema, zeroOrOne } from './common.js';

/*
 * Asset replies (SPEC §3 and §7 Assets): the JSON as it travels, one zod schema each with its type
 * derived. Requests are in assets.ts, which re-exports these.
 */

const id = z.number().int();
const count = z.number().int().min(0);

export const assetCategorySchema = z.object({
  id,
  name: z.string(),
  icon: z.enum(ASSET_CATEGORY_ICONS),
  size: z.string(),
  assetCount: count,
  updatedAt: instantSchema,
});
export type AssetCategory = z.infer<typeof assetCategorySchema>;

export const assetLockerSchema = z.object({
  id,
  placeId: id,
  placeName: z.string(),
  doorNumber: z.number().int(),
  size: z.string(),
  status: z.literal(lockerStatus.values),
  doorStatus: z.literal(doorStatus.values),
});
export type AssetLocker = z.infer<typeof assetLockerSchema>;

/** A locker user who may retrieve the asset, with the schedules that limit them. */
export const assetUserSchema = z.object({
  id,
  name: z.string().nullable(),
  scheduleIds: z.array(id),
});
export type AssetUser = z.infer<typeof assetUserSchema>;

export const assetSchema = z.object({
  id,
  name: z.string(),
  tag: z.string(),
  description: z.string(),
  status: z.literal(assetStatus.values),
  /** The largest size among its categories: the locker size it needs. */
  size: z.string().nullable(),
  /** Where it is: "<place> #<door>" while it holds a locker, else null. */
  container: z.string().nullable(),
  enabled: zeroOrOne,
  isRandomLocker: z.boolean(),
  tagStatus: z.literal(tagStatus.values),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  statusChangeAt: instantSchema,
  tagStatusChangeAt: instantSchema.nullable(),
  lockers: z.array(assetLockerSchema),
  categories: z.array(assetCategorySchema.omit({ assetCount: true, updatedAt: true })),
  retrievedBy: z.array(assetUserSchema),
  /** User groups whose members, present and future, may retrieve it too. */
  groups: z.array(z.object({ id, name: z.string() })),
  schedules: z.array(id),
  warning: z.enum(ASSET_WARNING_KINDS).nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

export const listAssetsReplySchema = z.object({ assets: z.array(assetSchema), totalAssets: count });
export type ListAssetsReply = z.infer<typeof listAssetsReplySchema>;

/** Asset log (SPEC §3), names copied so the row reads right after a deletion. */
export const assetLogSchema = z.object({
  id,
  assetId: id,
  assetName: z.string(),
  actionId: z.literal(assetLogAction.values),
  createdAt: instantSchema,
  description: z.string().nullable(),
  userId: id.nullable(),
  username: z.string().nullable(),
  adminId: id.nullable(),
  adminName: z.string().nullable(),
  lockerId: id.nullable(),
  doorNumber: z.number().int().nullable(),
  /** The location of that locker (null without one, or once the locker is gone). */
  placeName: z.string().nullable(),
  drawerMetraId: z.string().nullable(),
});
export type AssetLog = z.infer<typeof assetLogSchema>;

export const listAssetsLogsReplySchema = z.object({ logs: z.array(assetLogSchema), totalLogs: count });
export type ListAssetsLogsReply = z.infer<typeof listAssetsLogsReplySchema>;

export const assetWarningSchema = z.object({
  assetId: id,
  assetName: z.string(),
  tag: z.string(),
  kind: z.enum(ASSET_WARNING_KINDS),
  status: z.literal(assetStatus.values),
  tagStatus: z.literal(tagStatus.values),
  /** When the asset entered the state that makes the warning (the later of both changes). */
  since: instantSchema,
  lockerId: id.nullable(),
  doorNumber: z.number().int().nullable(),
  placeName: z.string().nullable(),
});
export type AssetWarning = z.infer<typeof assetWarningSchema>;

/** GET api/asset/assetKpis/{id}: see docs/api/assets.md for how each figure is counted. */
export const assetKpiWindowSchema = z.object({
  days: count,
  totalUses: count,
  averageDailyUses: z.number().min(0),
  usesPerUser: z.number().min(0),
  users: z.array(z.object({ userId: id.nullable(), adminId: id.nullable(), name: z.string(), uses: count })),
});
export type AssetKpiWindow = z.infer<typeof assetKpiWindowSchema>;

const dailyUsesSchema = z.array(z.object({ date: localDateSchema, uses: count }));
export const assetKpisSchema = z.object({
  assetId: id,
  totalUses: count,
  last15Days: assetKpiWindowSchema,
  last30Days: assetKpiWindowSchema,
  last365Days: assetKpiWindowSchema,
  dailyUses: z.object({ current: dailyUsesSchema, previous: dailyUsesSchema }),
});
export type AssetKpis = z.infer<typeof assetKpisSchema>;

/** An admin door open for an asset: the asset as it is now and the door that opened. */
export const assetDoorOpenReplySchema = z.object({
  asset: assetSchema,
  lockerId: id,
  doorNumber: z.number().int(),
  placeId: id,
  outcome: z.enum(DOOR_OPEN_OUTCOMES),
  commandId: z.string(),
});
export type AssetDoorOpenReply = z.infer<typeof assetDoorOpenReplySchema>;
