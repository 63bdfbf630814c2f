import type { Insertable } from 'kysely';
import { ASSET_STATUS, ORDER_STATE, USER_STATUS } from '@cacifo/contract';
import { sql } from '../../db/helpers.js';
import type { DbOrTx } from '../../db/schema.js';
import type { DeviceTables } from '../../db/tables/devices.js';

type SecretRow = Insertable<DeviceTables['device_secret_hashes']>;
/** A pre-advised parcel waits for its courier in these states (created, locker reserved, updated). */
export const WALL_TO_DEPOSIT = [ORDER_STATE.CREATED, ORDER_STATE.LOCKER_ASSIGNED, ORDER_STATE.UPDATED];

/**
 * Queries behind the credentials of couriers, carriers, office users and assets (issue #32,
 * ADR 0125): who may deposit, open or take what at a place, and the place hashes of their PINs.
 */
export const wallCredentialsRepository = {
  placesOfTypes(db: DbOrTx, types: readonly string[]) {
    return db
      .selectFrom('places')
      .select(['id'])
      .where('type', 'in', [...types])
      .execute();
  },

  async placeType(db: DbOrTx, placeId: number): Promise<string | null> {
    const row = await db.selectFrom('places').select('type').where('id', '=', placeId).executeTakeFirst();
    return row?.type ?? null;
  },

  async replaceSecretHashes(db: DbOrTx, subject: string, via: string, rows: SecretRow[]): Promise<void> {
    await db
      .deleteFrom('device_secret_hashes')
      .where('subject', '=', subject)
      .where('via', '=', via)
      .execute();
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('device_secret_hashes')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  },

  async hasSecretHashes(db: DbOrTx, subject: string, placeId: number): Promise<boolean> {
    const row = await db
      .selectFrom('device_secret_hashes')
      .select('place_id')
      .where('subject', '=', subject)
      .where('place_id', '=', placeId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The PIN hashes of a place by subject (`courier:3`, `user:12`). */
  async secretHashes(db: DbOrTx, placeId: number, via: string): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('device_secret_hashes')
      .select(['subject', 'hash'])
      .where('place_id', '=', placeId)
      .where('via', '=', via)
      .execute();
    return new Map(rows.map((r) => [r.subject, r.hash]));
  },

  /**
   * Ids of enabled office users and staff accounts with a PIN but no place hash at all: set before
   * walls learned PINs and never typed since, so only the server can check them (issue #32).
   */
  async pinsWithoutHashes(db: DbOrTx) {
    const [users, staff, subjects] = await Promise.all([
      db
        .selectFrom('locker_users')
        .select('id')
        .where('enabled', '=', 1)
        .where('pin_digest', 'is not', null)
        .execute(),
      wallCredentialsRepository.staffWithPin(db),
      db.selectFrom('device_secret_hashes').select('subject').distinct().execute(),
    ]);
    const hashed = new Set(subjects.map((s) => s.subject));
    return {
      users: users.filter((u) => !hashed.has(`user:${u.id}`)).map((u) => u.id),
      staff: staff.filter((a) => !hashed.has(`courier:${a.id}`)),
    };
  },

  /** Enabled staff accounts with a PIN: the couriers among them may deposit (by role). */
  staffWithPin(db: DbOrTx) {
    return db
      .selectFrom('admins')
      .select(['id', 'role', 'company', 'name', 'username'])
      .where('enabled', '=', 1)
      .where('pin_hash', 'is not', null)
      .execute();
  },

  /**
   * Parcels waiting for their courier that may come to this wall: a locker reserved here (that door),
   * or advised to this place, or a carrier's parcel advised to no place (any free door of its size).
   */
  parcelsToDeposit(db: DbOrTx, placeId: number) {
    return (
      db
        .selectFrom('orders as o')
        .leftJoin('lockers as l', 'l.id', 'o.locker_id')
        .select([
          'o.id',
          'o.package_id',
          'o.company',
          'o.api_key_id',
          'o.parcel_size',
          'o.target_place_id',
          'l.place_id as locker_place_id',
          'l.door_number',
          'l.size as locker_size',
        ])
        // Written out, not bound: the partial index of migration 0227 serves this only when the query
        // names its constants (a bound list could be any states when the statement is prepared).
        .where(sql<boolean>`o.state in (${sql.raw(WALL_TO_DEPOSIT.join(', '))})`)
        .where((eb) =>
          eb.or([
            eb('l.place_id', '=', placeId),
            eb.and([eb('o.locker_id', 'is', null), eb('o.target_place_id', '=', placeId)]),
            eb.and([
              eb('o.locker_id', 'is', null),
              eb('o.target_place_id', 'is', null),
              eb('o.api_key_id', 'is not', null),
            ]),
          ]),
        )
        .orderBy('o.id')
        .limit(10_000)
        .execute()
    );
  },

  /** Office users who may open a locker of this place: their own or their groups' lockers. */
  async officeLockers(db: DbOrTx, placeId: number) {
    const own = await db
      .selectFrom('user_lockers as ul')
      .innerJoin('lockers as l', 'l.id', 'ul.locker_id')
      .select(['ul.user_id', 'l.id', 'l.door_number'])
      .where('l.place_id', '=', placeId)
      .where('l.enabled', '=', 1)
      .orderBy('l.door_number')
      .execute();
    const shared = await db
      .selectFrom('user_group_members as m')
      .innerJoin('user_group_lockers as gl', 'gl.group_id', 'm.group_id')
      .innerJoin('lockers as l', 'l.id', 'gl.locker_id')
      .select(['m.user_id', 'l.id', 'l.door_number'])
      .where('l.place_id', '=', placeId)
      .where('l.enabled', '=', 1)
      .orderBy('l.door_number')
      .execute();
    return { own, shared };
  },

  /** Users who may open something now at all (enabled, active), by id. */
  activeUsers(db: DbOrTx, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('locker_users')
      .select(['id', 'name', 'card', 'valid_until'])
      .where('id', 'in', [...ids])
      .where('enabled', '=', 1)
      .where('status', '=', USER_STATUS.ACTIVE)
      .execute();
  },

  /** The users' own schedules and their groups' ones, each with the user it limits. */
  async userSchedules(db: DbOrTx, ids: readonly number[]) {
    if (ids.length === 0) return [];
    const own = await db
      .selectFrom('user_schedules as us')
      .innerJoin('schedules as s', 's.id', 'us.schedule_id')
      .selectAll('s')
      .select('us.user_id')
      .where('us.user_id', 'in', [...ids])
      .execute();
    const viaGroup = await db
      .selectFrom('user_group_members as m')
      .innerJoin('schedules as s', 's.user_group_id', 'm.group_id')
      .selectAll('s')
      .select('m.user_id')
      .where('m.user_id', 'in', [...ids])
      .execute();
    return [...own, ...viaGroup];
  },

  /** Assets in their locker at this place, enabled, with who may take them (users and groups). */
  async assetsAt(db: DbOrTx, placeId: number) {
    const assets = await db
      .selectFrom('assets as a')
      .innerJoin('asset_lockers as al', 'al.asset_id', 'a.id')
      .innerJoin('lockers as k', 'k.id', 'al.locker_id')
      .select(['a.id', 'k.door_number'])
      .where('k.place_id', '=', placeId)
      .where('a.enabled', '=', 1)
      .where('a.status', 'in', [ASSET_STATUS.STORED, ASSET_STATUS.OPEN_FOR_RETRIEVAL])
      .orderBy('a.id')
      .execute();
    const ids = assets.map((a) => a.id);
    if (ids.length === 0) return { assets, takers: [] };
    const direct = await db
      .selectFrom('asset_users')
      .select(['asset_id', 'user_id'])
      .where('asset_id', 'in', ids)
      .execute();
    const viaGroup = await db
      .selectFrom('asset_groups as ag')
      .innerJoin('user_group_members as m', 'm.group_id', 'ag.group_id')
      .select(['ag.asset_id', 'm.user_id'])
      .where('ag.asset_id', 'in', ids)
      .execute();
    return { assets, takers: [...direct, ...viaGroup] };
  },

  assetScheduleRows(db: DbOrTx, assetIds: readonly number[]) {
    if (assetIds.length === 0) return Promise.resolve({ own: [], general: [] });
    return Promise.all([
      db
        .selectFrom('asset_user_schedules as aus')
        .innerJoin('schedules as s', 's.id', 'aus.schedule_id')
        .selectAll('s')
        .select(['aus.asset_id', 'aus.user_id'])
        .where('aus.asset_id', 'in', [...assetIds])
        .execute(),
      db
        .selectFrom('asset_schedules as ash')
        .innerJoin('schedules as s', 's.id', 'ash.schedule_id')
        .selectAll('s')
        .select('ash.asset_id')
        .where('ash.asset_id', 'in', [...assetIds])
        .execute(),
    ]).then(([own, general]) => ({ own, general }));
  },
};

/** Who a journal entry names, as the server holds them now (issue #32). */
export const wallSubjectsRepository = {
  staff(db: DbOrTx, id: number) {
    return db
      .selectFrom('admins')
      .select(['id', 'name', 'username', 'role', 'company', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  carrier(db: DbOrTx, id: number) {
    return db
      .selectFrom('api_keys')
      .select(['id', 'name', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  officeUser(db: DbOrTx, id: number) {
    return db
      .selectFrom('locker_users')
      .select(['id', 'name', 'enabled', 'status', 'valid_until', 'card', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
  asset(db: DbOrTx, id: number) {
    return db
      .selectFrom('assets as a')
      .leftJoin('asset_lockers as al', 'al.asset_id', 'a.id')
      .leftJoin('lockers as k', 'k.id', 'al.locker_id')
      .select(['a.id', 'a.name', 'a.status', 'a.enabled', 'k.id as locker_id', 'k.place_id', 'k.door_number'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  },
};
