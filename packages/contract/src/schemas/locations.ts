import { z } from 'zod';
import {
  LOCATION_MODE,
  LOCKER_SIZE,
  PLACE_TYPE,
  type DeliveryType,
  type DoorStatus,
  type LockerEnabled,
  type LockerStatus,
} from '../codes/locker.js';
import { maxResultsSchema, offsetSchema, pinSchema, wholeBetween, NAME_MAX } from '../validation.js';

/** Place (SPEC §3) with the live counts the overview screens show. */
export interface PlaceView {
  id: number;
  name: string;
  type: string;
  systemType: string;
  address: string | null;
  mode: string;
  lockers: number;
  available: number;
  occupied: number;
  open: number;
  alerts: number;
  offline: number;
  disabled: number;
}

export interface LockerUserRef {
  id: number;
  name: string;
}

/** Locker (SPEC §3) as tiles and lists read it. */
export interface LockerView {
  id: number;
  placeId: number;
  doorNumber: number;
  size: string;
  status: LockerStatus;
  doorStatus: DoorStatus;
  enabled: LockerEnabled;
  accessibility: boolean;
  doorStatusUpdatedAt: string | null;
  expirationDateTime: string | null;
  locker_users: LockerUserRef[];
  activeDelivery: {
    deliveryType: DeliveryType;
    storedAt: string | null;
    orderId?: number;
    packageId?: string;
  } | null;
}

/** SPEC §3 alert locker. */
export interface AlertLocker {
  id: number;
  location_id: number;
  location_name: string;
  place_id: number;
  place_name: string;
  users: LockerUserRef[];
  doorNumber: number;
  doorStatus: DoorStatus;
  doorStatusUpdatedAt: string | null;
  accessibility: boolean;
  expiration_date_time: string | null;
  status: LockerStatus;
  size: string;
  enabled: LockerEnabled;
}

export const listPlacesQuerySchema = z.object({
  max_results: maxResultsSchema,
  offset: offsetSchema,
  /** SPEC: default OFFICE; ALL lists every type. */
  type: z.enum([...Object.values(PLACE_TYPE), 'ALL']).default('OFFICE'),
  search: z.string().trim().max(NAME_MAX).optional(),
});

const lockerInputSchema = z.object({
  doorNumber: z.number().int().min(1).max(999),
  size: z.enum(Object.values(LOCKER_SIZE) as [string, ...string[]], 'validation.lockerSize'),
  accessibility: z.boolean().default(false),
});

/** Create or edit a location and its lockers (/locations/config/new). */
export const placeInputSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(NAME_MAX, 'validation.nameTooLong'),
    type: z.enum(Object.values(PLACE_TYPE) as [string, ...string[]]),
    systemType: z.string().trim().min(1).max(50).default('locker'),
    address: z.string().trim().max(200).nullable().default(null),
    lockers: z.array(lockerInputSchema).min(1, 'validation.lockersRequired').max(500),
  })
  .refine((p) => new Set(p.lockers.map((l) => l.doorNumber)).size === p.lockers.length, {
    message: 'validation.doorNumbersUnique',
    path: ['lockers'],
  });
export type PlaceInput = z.infer<typeof placeInputSchema>;

export const placeModeRequestSchema = z.object({
  mode: z.enum(Object.values(LOCATION_MODE) as [string, ...string[]]),
});

export const lockerEnabledRequestSchema = z.object({ enabled: z.union([z.literal(0), z.literal(1)]) });

/** Global options: deployment-wide rules an admin may change, behind the admin PIN. */
export const globalOptionsSchema = z.object({
  deliveryExpiryDays: wholeBetween(1, 60, 'validation.expiryDays'),
  officeReservationHours: wholeBetween(1, 720, 'validation.reservationHours'),
  doorLeftOpenMinutes: wholeBetween(1, 240, 'validation.doorOpenMinutes'),
  kioskMessage: z.string().trim().max(200),
});
export type GlobalOptions = z.infer<typeof globalOptionsSchema>;
export const DEFAULT_GLOBAL_OPTIONS: GlobalOptions = {
  deliveryExpiryDays: 3,
  officeReservationHours: 24,
  doorLeftOpenMinutes: 5,
  kioskMessage: '',
};
export const updateGlobalOptionsSchema = globalOptionsSchema.extend({ pin: pinSchema });

/** GET api/julian/dashboard/place/{id}: analytics computed from recorded door events. */
export interface PlaceAnalytics {
  placeId: number;
  windows: Record<
    'last15Days' | 'last30Days' | 'last1Year',
    { doorOpenings: number; alerts: number; activeUsers: number }
  >;
  /** Openings per hour of day (0-23) and per weekday (0 Sunday - 6) over the last 30 days. */
  doorOpeningsDistribution: { byHour: number[]; byWeekday: number[] };
  /** Top 10 users by openings over the last 30 days. */
  doorOpeningsPerUser: Array<{ userId: number; name: string; openings: number }>;
  users: number;
  lockers: { total: number; bySize: Record<string, number>; available: number; occupied: number };
  reports: {
    alerts: number;
    openedWithoutCommand: number;
    jammed: number;
    leftOpen: number;
    failedCommands: number;
  };
  /** Daily openings: the last 30 days and the 30 before (the 60-day comparison). */
  comparison: { current: number[]; previous: number[]; currentTotal: number; previousTotal: number };
}
