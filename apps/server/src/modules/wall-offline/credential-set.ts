import {
  LOCKER_SIZES_ON_WIRE,
  ORDER_STATE,
  type DeviceCredential,
  type DeviceCredentialSet,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { CODE_STATES } from '../orders/pickup-codes.js';
import type { PlaceKeys } from './place-keys.js';
import { wallOfflineRepository } from './wall-offline.repository.js';

/** What a credential set holds, without its version, key check and time: compared to publish less. */
export type CredentialContent = Pick<DeviceCredentialSet, 'credentials' | 'parcels' | 'freeDoors'>;

/** The latest instant a Date can hold: a window with no end. */
export const FOREVER = 8_640_000_000_000_000;
/** More doors than any wall has: the free-door list is the place's whole. */
const ALL_DOORS = 100_000;
const wireSizes: readonly string[] = LOCKER_SIZES_ON_WIRE;

/** Each area adds the credentials it owns for a place (parcels, office users, assets, couriers). */
export type CredentialSource = (
  db: DbOrTx,
  keys: PlaceKeys,
  placeId: number,
  now: number,
) => Promise<Partial<CredentialContent>>;

/**
 * The parcels' pickup and return codes: the place hashes made when each code was issued (a code
 * issued before this existed has none, and opens only through the server). A pickup code works
 * until the parcel expires; a return code until the parcel is taken back.
 */
export const parcelCodes: CredentialSource = async (db, _keys, placeId) => {
  const rows = await wallOfflineRepository.codeCredentials(db, placeId, CODE_STATES);
  const credentials: DeviceCredential[] = [];
  for (const r of rows) {
    const kind = r.state === ORDER_STATE.EXPIRED ? 'return' : 'pickup';
    // The hashes of a pickup code do not open an expired parcel: its return code does.
    if (r.kind !== kind || r.door_number === null) continue;
    const until = kind === 'pickup' && r.expires_at ? Date.parse(r.expires_at) : FOREVER;
    credentials.push({
      id: `order:${r.id}`,
      kind,
      match: [
        { via: 'pin', hash: r.pin_hash },
        ...(r.qr_hash ? [{ via: 'qr' as const, hash: r.qr_hash }] : []),
      ],
      doors: [r.door_number],
      windows: [{ from: 0, until }],
      oneTime: true,
    });
  }
  return { credentials };
};

/** Doors empty and in service: where a courier's parcel may go when the server is away. */
export const freeDoors: CredentialSource = async (db, _keys, placeId) => {
  const free = await lockerAvailabilityRepository.free(db, { placeId, limit: ALL_DOORS });
  return {
    freeDoors: free
      .filter((l) => wireSizes.includes(l.size))
      .map((l) => ({ door: l.door_number, size: l.size as (typeof LOCKER_SIZES_ON_WIRE)[number] })),
  };
};

/** Every source's part, in a stable order (so equal content gives an equal digest). */
export async function buildCredentials(
  db: DbOrTx,
  keys: PlaceKeys,
  placeId: number,
  now: number,
  sources: readonly CredentialSource[],
): Promise<CredentialContent> {
  const content: CredentialContent = { credentials: [], parcels: [], freeDoors: [] };
  for (const source of sources) {
    const part = await source(db, keys, placeId, now);
    content.credentials.push(...(part.credentials ?? []));
    content.parcels.push(...(part.parcels ?? []));
    content.freeDoors.push(...(part.freeDoors ?? []));
  }
  content.credentials.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  content.parcels.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  content.freeDoors.sort((a, b) => a.door - b.door);
  return content;
}
