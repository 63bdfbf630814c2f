import type { LockerUserRef, LockerView } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';

/** What holds a locker (docs/adr/0070), as the locker views show it; each area fills its part. */
export interface LockerInfo {
  locker_users?: LockerUserRef[];
  lockerGroups?: LockerUserRef[];
  activeDelivery?: LockerView['activeDelivery'];
  asset?: LockerView['asset'];
  rental?: LockerView['rental'];
  tagsSeen?: string[];
}

const emptyInfo = (): Required<LockerInfo> => ({
  locker_users: [],
  lockerGroups: [],
  activeDelivery: null,
  asset: null,
  rental: null,
  tagsSeen: [],
});

/**
 * Which lockers a view shows: some by id, or every locker of a place (the grid), which a provider
 * reads by joining on the place instead of binding a hundred ids.
 */
export type LockerScope = { lockerIds: readonly number[] } | { placeId: number };

/** Answers, for some lockers, what another area knows about them (who holds it, which parcel is in it). */
export type LockerInfoProvider = (db: Db, scope: LockerScope) => Promise<Map<number, LockerInfo>>;

/**
 * The locker views are shared by every area, but the people, parcels, assets and rentals in a locker
 * belong to the office, delivery, assets and marketplace areas. Each area registers a provider
 * instead of the locations code reading their tables. Providers are registered whether or not their
 * module is enabled: rows a disabled module left still hold their lockers, and the availability rule
 * (locker-availability.repository.ts) counts them, so the views must show them.
 */
/** Names of locker users by id, for analytics and logs. */
export type UserNameProvider = (db: Db, userIds: readonly number[]) => Promise<Map<number, string>>;

export class LockerInfoRegistry {
  private readonly providers: LockerInfoProvider[] = [];
  private readonly nameProviders: UserNameProvider[] = [];

  registerUserNames(provider: UserNameProvider): void {
    this.nameProviders.push(provider);
  }

  async userNames(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (userIds.length === 0) return out;
    for (const p of this.nameProviders) for (const [id, name] of await p(db, userIds)) out.set(id, name);
    return out;
  }

  register(provider: LockerInfoProvider): void {
    this.providers.push(provider);
  }

  /** What the areas know about `lockerIds`; with `placeId`, those are every locker of that place. */
  async lookup(
    db: Db,
    lockerIds: readonly number[],
    placeId?: number,
  ): Promise<Map<number, Required<LockerInfo>>> {
    const out = new Map<number, Required<LockerInfo>>();
    for (const id of lockerIds) out.set(id, emptyInfo());
    if (lockerIds.length === 0) return out;
    const scope: LockerScope = placeId === undefined ? { lockerIds } : { placeId };
    // Independent queries: on PostgreSQL they run side by side on the pool.
    const answers = await Promise.all(this.providers.map((provider) => provider(db, scope)));
    for (const found of answers) {
      for (const [id, info] of found) {
        const cur = out.get(id);
        if (!cur) continue;
        if (info.locker_users) cur.locker_users = [...cur.locker_users, ...info.locker_users];
        if (info.lockerGroups) cur.lockerGroups = [...cur.lockerGroups, ...info.lockerGroups];
        if (info.activeDelivery !== undefined) cur.activeDelivery = info.activeDelivery;
        if (info.asset !== undefined) cur.asset = info.asset;
        if (info.rental !== undefined) cur.rental = info.rental;
        if (info.tagsSeen) cur.tagsSeen = [...cur.tagsSeen, ...info.tagsSeen];
      }
    }
    return out;
  }
}
