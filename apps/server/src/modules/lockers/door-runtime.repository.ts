import { DOOR_STATUS } from '@cacifo/contract';
import type { Insertable } from 'kysely';
import { dialectOf, sql } from '../../db/helpers.js';
import { precompiled, type Param } from '../../db/precompiled.js';
import type { Db, DbOrTx } from '../../db/schema.js';
import type { DoorCommandsTable, DoorEventsTable, ExteriorDoorEventsTable } from '../../db/tables/lockers.js';

const OFFLINE = DOOR_STATUS.OFFLINE;

/** Every door report reads its locker first (on SQLite): compiled once, not per report. */
const lockerByDoor = precompiled((db, param: Param<{ placeId: number; doorNumber: number }>) =>
  db
    .selectFrom('lockers')
    .select(['id', 'place_id', 'door_number', 'status', 'door_status', 'door_reported_status', 'enabled'])
    .where('place_id', '=', param('placeId'))
    .where('door_number', '=', param('doorNumber')),
);

/** Queries of the door runtime: device events in, locker door states out. */
export const doorRuntimeRepository = {
  async placesWithDoors(db: DbOrTx) {
    const rows = await db
      .selectFrom('lockers')
      .select(['place_id', 'door_number'])
      .orderBy('place_id')
      .orderBy('door_number')
      .execute();
    const byPlace = new Map<number, number[]>();
    for (const r of rows) {
      const doors = byPlace.get(r.place_id);
      if (doors) doors.push(r.door_number);
      else byPlace.set(r.place_id, [r.door_number]);
    }
    return byPlace;
  },

  async doorsOfPlace(db: DbOrTx, placeId: number) {
    const rows = await db
      .selectFrom('lockers')
      .select('door_number')
      .where('place_id', '=', placeId)
      .orderBy('door_number')
      .execute();
    return rows.map((r) => r.door_number);
  },

  /**
   * Tags stored as detected, by place and door of the asset's locker: what the in-process
   * simulator's readers start with (the simulated hardware has no memory of its own).
   */
  async detectedTagsByPlace(db: DbOrTx) {
    const rows = await db
      .selectFrom('assets as a')
      .innerJoin('asset_lockers as al', 'al.asset_id', 'a.id')
      .innerJoin('lockers as k', 'k.id', 'al.locker_id')
      .select(['k.place_id', 'k.door_number', 'a.tag'])
      .where('a.tag_status', '=', 1)
      .execute();
    const byPlace = new Map<number, Map<number, string[]>>();
    for (const r of rows) {
      const doors = byPlace.get(r.place_id) ?? new Map<number, string[]>();
      byPlace.set(r.place_id, doors);
      doors.set(r.door_number, [...(doors.get(r.door_number) ?? []), r.tag]);
    }
    return byPlace;
  },

  async lockerByDoor(db: DbOrTx, placeId: number, doorNumber: number) {
    return lockerByDoor.executeTakeFirst(db, { placeId, doorNumber });
  },

  /** These doors of a place as stored: the locker's state and the report its door status came from. */
  async storedDoors(db: DbOrTx, placeId: number, doorNumbers: readonly number[]) {
    return db
      .selectFrom('lockers')
      .select(['id', 'door_number', 'door_status', 'status', 'enabled', 'door_boot', 'door_seq'])
      .where('place_id', '=', placeId)
      .where('door_number', 'in', doorNumbers)
      .execute();
  },

  /**
   * A door's reported status: the locker's door status changes (compare-and-set, see
   * setDoorStatus) and the door event is appended, or, when the locker has that status already,
   * nothing happens and null comes back. A door without a locker is recorded with no locker.
   */
  async recordDoorState(
    db: Db,
    row: DoorEventRow,
    sequence?: ReportSequence,
  ): Promise<{ locker: RecordedLocker | null } | null> {
    if (dialectOf(db) === 'postgres') return recordInOneStatement(db, row, sequence);
    const locker = await doorRuntimeRepository.lockerByDoor(db, row.place_id, row.door_number);
    return db.transaction().execute(async (tx) => {
      if (
        locker &&
        !(await doorRuntimeRepository.setDoorStatus(tx, locker.id, row.door_status, row.created_at, sequence))
      )
        return null;
      await doorRuntimeRepository.insertDoorEvent(tx, { ...row, locker_id: locker?.id ?? null });
      return { locker: locker ?? null };
    });
  },

  /**
   * A door going out of reach (255) or coming back as it was reported before: the grid shows it,
   * but no door event is written, and the time of its status stays that of its last real change
   * (an acknowledged alert stays acknowledged). Null when it had that status already.
   */
  async setReachability(db: DbOrTx, lockerId: number, doorStatus: number, at: string) {
    const r = await db
      .updateTable('lockers')
      .set({ door_status: doorStatus, updated_at: at })
      .where('id', '=', lockerId)
      .where('door_status', '!=', doorStatus)
      .returning(['id', 'status', 'enabled'])
      .executeTakeFirst();
    return r ?? null;
  },

  async lockerById(db: DbOrTx, id: number) {
    return db
      .selectFrom('lockers')
      .select(['id', 'place_id', 'door_number', 'status', 'door_status', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Compare-and-set: true only for the caller that changed it. Several instances hear the same
   * controller on MQTT; exactly one of them records each change.
   */
  async setDoorStatus(
    db: DbOrTx,
    lockerId: number,
    doorStatus: number,
    at: string,
    sequence?: ReportSequence,
  ): Promise<boolean> {
    const r = await db
      .updateTable('lockers')
      .set({
        door_status: doorStatus,
        ...(doorStatus === OFFLINE ? {} : { door_reported_status: doorStatus }),
        ...(sequence ? { door_boot: sequence.boot, door_seq: sequence.seq } : {}),
        door_status_updated_at: at,
        updated_at: at,
      })
      .where('id', '=', lockerId)
      .where('door_status', '!=', doorStatus)
      .$if(sequence !== undefined, (q) => q.where(newerThanRow(sequence!)))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** The instance that sent a command knows who asked; it fills that in if another recorded the event. */
  async attributeEvent(
    db: DbOrTx,
    commandId: string,
    doorStatus: number,
    actor: { adminId: number | null; userId: number | null },
  ) {
    await db
      .updateTable('door_events')
      .set({ admin_id: actor.adminId, user_id: actor.userId })
      .where('command_id', '=', commandId)
      .where('door_status', '=', doorStatus)
      .where('admin_id', 'is', null)
      .where('user_id', 'is', null)
      .execute();
  },

  async insertDoorEvent(db: DbOrTx, row: Insertable<DoorEventsTable>) {
    await db.insertInto('door_events').values(row).execute();
  },

  /** False when another instance recorded the same report first. */
  async insertExteriorEvent(db: DbOrTx, row: Insertable<ExteriorDoorEventsTable>): Promise<boolean> {
    const r = await db
      .insertInto('exterior_door_events')
      .values(row)
      .onConflict((oc) => oc.columns(['place_id', 'created_at', 'door_status']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  },

  async insertCommand(db: DbOrTx, row: Insertable<DoorCommandsTable>) {
    await db.insertInto('door_commands').values(row).execute();
  },
};

export type DoorEventRow = Omit<Insertable<DoorEventsTable>, 'locker_id' | 'id'>;
/** A controller report's (boot, seq) and what it is (see DoorStateEvent.sequence). */
export interface ReportSequence {
  boot: number;
  seq: number;
  kind: 'event' | 'snapshot' | 'derived';
}

/**
 * The report is newer than the one the row's status came from (ADR 0141): any instance may handle
 * any report, so an older one arriving late (or handled slower elsewhere) changes nothing.
 */
export function newerThanRow({ boot, seq, kind }: ReportSequence) {
  return kind === 'derived'
    ? sql<boolean>`(door_boot IS NULL OR door_boot < ${boot} OR (door_boot = ${boot} AND door_seq <= ${seq}))`
    : sql<boolean>`(door_boot IS NULL OR door_boot < ${boot} OR (door_boot = ${boot} AND door_seq < ${seq}))`;
}
export interface RecordedLocker {
  id: number;
  status: number;
  enabled: number;
}

/**
 * PostgreSQL: the lookup, the compare-and-set and the insert as one statement, so a door event
 * costs one round trip and one commit instead of five round trips (the serial queue of door
 * events waits on each). Every part sees the same snapshot; a concurrent writer of the same
 * locker (another instance) makes the UPDATE re-check its condition, so only one records it.
 * Parameters are cast: in INSERT ... SELECT PostgreSQL cannot infer their types.
 */
async function recordInOneStatement(db: Db, r: DoorEventRow, sequence?: ReportSequence) {
  const ordered = sequence ? sql`AND ${newerThanRow(sequence)}` : sql``;
  const setSequence = sequence
    ? sql`, door_boot = ${sequence.boot}::bigint, door_seq = ${sequence.seq}::bigint`
    : sql``;
  const { rows } = await sql<{ locker_id: number | null; status: number | null; enabled: number | null }>`
    WITH changed AS (
      UPDATE lockers
      SET door_status = ${r.door_status}, door_status_updated_at = ${r.created_at}, updated_at = ${r.created_at},
        door_reported_status = CASE WHEN ${r.door_status}::integer = ${OFFLINE}::integer
          THEN door_reported_status ELSE ${r.door_status}::integer END${setSequence}
      WHERE place_id = ${r.place_id} AND door_number = ${r.door_number} AND door_status <> ${r.door_status}
        ${ordered}
      RETURNING id, status, enabled
    ), inserted AS (
      INSERT INTO door_events (place_id, locker_id, door_number, door_status, previous_status, commanded,
        command_id, admin_id, user_id, created_at)
      SELECT ${r.place_id}::integer, (SELECT id FROM changed), ${r.door_number}::integer,
        ${r.door_status}::integer, ${r.previous_status}::integer, ${r.commanded ?? 0}::integer,
        ${r.command_id ?? null}::text, ${r.admin_id ?? null}::integer, ${r.user_id ?? null}::integer,
        ${r.created_at}::text
      WHERE EXISTS (SELECT 1 FROM changed)
        OR NOT EXISTS (SELECT 1 FROM lockers WHERE place_id = ${r.place_id} AND door_number = ${r.door_number})
      RETURNING locker_id
    )
    SELECT inserted.locker_id, changed.status, changed.enabled FROM inserted LEFT JOIN changed ON true
  `.execute(db);
  const row = rows[0];
  if (!row) return null;
  const locker =
    row.locker_id === null ? null : { id: row.locker_id, status: row.status!, enabled: row.enabled! };
  return { locker };
}
