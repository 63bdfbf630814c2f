import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/schema.js';
import type { DoorService } from '../lockers/doors.service.js';
import type { LockerUpdates } from '../lockers/locker-updates.js';
import type { OrderEvents } from './order-events.js';

/** What the orders services need from the app: the database, the doors, locker updates, a logger and the order listeners. */
export interface OrdersDeps {
  db: Db;
  doors: Pick<DoorService, 'open' | 'openExterior'>;
  /** Tells every screen the locker changed (tiles, counts); never throws. */
  lockerUpdates: Pick<LockerUpdates, 'changed'>;
  log: FastifyBaseLogger;
  /** Listeners of every order change, called inside its transaction (order-events.ts). */
  events: OrderEvents;
}
