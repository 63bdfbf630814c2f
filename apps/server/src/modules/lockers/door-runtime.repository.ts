import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/schema.js';
import type { DoorCommandsTable, DoorEventsTable } from '../../db/tables/lockers.js';

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
    for (const r of rows) byPlace.set(r.place_id, [...(byPlace.get(r.place_id) ?? []), r.door_number]);
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

  async lockerByDoor(db: DbOrTx, placeId: number, doorNumber: number) {
    return db
      .selectFrom('lockers')
      .select(['id', 'place_id', 'door_number', 'status', 'door_status', 'enabled'])
      .where('place_id', '=', placeId)
      .where('door_number', '=', doorNumber)
      .executeTakeFirst();
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
  async setDoorStatus(db: DbOrTx, lockerId: number, doorStatus: number, at: string): Promise<boolean> {
    const r = await db
      .updateTable('lockers')
      .set({ door_status: doorStatus, door_status_updated_at: at, updated_at: at })
      .where('id', '=', lockerId)
      .where('door_status', '!=', doorStatus)
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

  async insertCommand(db: DbOrTx, row: Insertable<DoorCommandsTable>) {
    await db.insertInto('door_commands').values(row).execute();
  },
};
