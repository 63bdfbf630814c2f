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

  async setDoorStatus(db: DbOrTx, lockerId: number, doorStatus: number, at: string) {
    await db
      .updateTable('lockers')
      .set({ door_status: doorStatus, door_status_updated_at: at, updated_at: at })
      .where('id', '=', lockerId)
      .execute();
  },

  async insertDoorEvent(db: DbOrTx, row: Insertable<DoorEventsTable>) {
    await db.insertInto('door_events').values(row).execute();
  },

  async insertCommand(db: DbOrTx, row: Insertable<DoorCommandsTable>) {
    await db.insertInto('door_commands').values(row).execute();
  },
};
