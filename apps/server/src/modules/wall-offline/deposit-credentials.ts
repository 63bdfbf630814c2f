import {
  can,
  LOCKER_SIZES_ON_WIRE,
  type AccountRole,
  type DeviceCredential,
  type DeviceExpectedParcel,
} from '@cacifo/contract';
import { lisbonDayStartIso, lisbonParts } from '../marketplace/lisbon-time.js';
import { courierCodesRepository } from '../partner/courier-codes.repository.js';
import { accessCode } from '../partner/courier-codes.service.js';
import { FOREVER, type CredentialSource } from './credential-set.js';
import { wallCredentialsRepository as repo } from './wall-credentials.repository.js';

type WireSize = (typeof LOCKER_SIZES_ON_WIRE)[number];
const wireSize = (s: string | null | undefined): WireSize | null =>
  s && (LOCKER_SIZES_ON_WIRE as readonly string[]).includes(s) ? (s as WireSize) : null;
/** Lisbon days are 23 to 25 hours long: 26 h after a day's start is always inside the next one. */
const NEXT_DAY_MS = 26 * 3_600_000;

/**
 * Who may put parcels in at a delivery wall while the server is away (issue #32): each carrier key's
 * (of a client granted the wall) daily code for today and for tomorrow (derived, hashed now; its window is its Lisbon day), each
 * staff courier's PIN (hashed when it was last in clear), and the parcels waiting for them with the
 * door reserved for each or none (a free door of its size). A parcel names who may deposit it: its
 * carrier's codes, and the staff couriers who reach it (no store, or its store).
 */
export const depositCredentials: CredentialSource = async (db, keys, placeId, now) => {
  if ((await repo.placeType(db, placeId)) !== 'DELIVERY') return {};
  const credentials: DeviceCredential[] = [];
  const carrierIds = new Map<number, string[]>();
  const today = new Date(now);
  const days = [today, new Date(Date.parse(lisbonDayStartIso(today)) + NEXT_DAY_MS)];
  for (const key of await courierCodesRepository.activeSecrets(db, placeId)) {
    const ids: string[] = [];
    for (const day of days) {
      const from = Date.parse(lisbonDayStartIso(day));
      const until = Date.parse(lisbonDayStartIso(new Date(from + NEXT_DAY_MS)));
      const date = lisbonParts(day).date;
      const code = accessCode(key.courier_secret!, placeId, date);
      const id = `carrier:${key.id}:${date}`;
      ids.push(id);
      credentials.push({
        id,
        kind: 'deposit',
        match: [{ via: 'code', hash: keys.hash(placeId, 'code', code) }],
        doors: [],
        windows: [{ from, until }],
        oneTime: false,
      });
    }
    carrierIds.set(key.id, ids);
  }
  const pins = await repo.secretHashes(db, placeId, 'code');
  const couriers: Array<{ id: string; company: string | null }> = [];
  for (const staff of await repo.staffWithPin(db)) {
    const hash = pins.get(`courier:${staff.id}`);
    if (!hash || !can(staff.role as AccountRole, 'orders.deposit')) continue;
    const id = `courier:${staff.id}`;
    couriers.push({ id, company: staff.company });
    credentials.push({
      id,
      kind: 'deposit',
      match: [{ via: 'code', hash }],
      doors: [],
      windows: [{ from: 0, until: FOREVER }],
      oneTime: false,
    });
  }
  const parcels: DeviceExpectedParcel[] = [];
  for (const o of await repo.parcelsToDeposit(db, placeId)) {
    const door = o.locker_place_id === placeId ? o.door_number : null;
    const size = wireSize(door !== null ? o.locker_size : o.parcel_size);
    if (!size) continue;
    const depositors = [
      ...(o.api_key_id !== null ? (carrierIds.get(o.api_key_id) ?? []) : []),
      ...couriers.filter((c) => c.company === null || c.company === o.company).map((c) => c.id),
    ];
    if (depositors.length === 0) continue;
    parcels.push({
      id: `order:${o.id}`,
      parcel: keys.hash(placeId, 'parcel', o.package_id),
      size,
      door,
      depositors: depositors.slice(0, 64),
    });
  }
  return { credentials, parcels };
};
