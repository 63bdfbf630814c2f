import type { FastifyInstance } from 'fastify';
import { MODULE } from '@cacifo/contract';
import { registerRoutes } from '../../lib/define-route.js';
import { officeLockersRepository } from './lockers.repository.js';
import { officeServices, type OfficeServices } from './office-services.js';
import { officeRoutes } from './office.routes.js';
import { userRoutes } from './users.routes.js';
import { usersRepository } from './users.repository.js';

/** How often users past their validUntil are disabled. */
const EXPIRY_SWEEP_MS = 60_000;

/** Office: locker users, groups, schedules, access (kiosk), activity, expired lockers. */
export async function officeModule(app: FastifyInstance) {
  const services = officeServices(app);
  registerRoutes(app, [...userRoutes(services), ...officeRoutes(services)]);
  // A deployment without the office module keeps the routes (they answer moduleDisabled) but
  // neither lends locker users to other areas' views nor sweeps.
  if (app.config.modules.includes(MODULE.OFFICE)) wireOffice(app, services);
}

/** What the office lends the rest of the server: locker users in locker views, and the expiry sweep. */
function wireOffice(app: FastifyInstance, { users }: OfficeServices) {
  // Locker views of other areas show who holds an office locker, without reading our tables.
  app.lockerInfo.register(async (db, scope) => {
    const rows = await ('placeId' in scope
      ? officeLockersRepository.usersOfPlace(db, scope.placeId)
      : officeLockersRepository.usersOf(db, [...scope.lockerIds]));
    const out = new Map<number, { locker_users: Array<{ id: number; name: string }> }>();
    for (const r of rows) {
      const cur = out.get(r.lockerId) ?? { locker_users: [] };
      cur.locker_users.push({ id: r.id, name: r.name });
      out.set(r.lockerId, cur);
    }
    return out;
  });
  app.lockerInfo.registerUserNames(async (db, userIds) => {
    const rows = await usersRepository.namesOf(db, [...userIds]);
    return new Map(rows.map((r) => [r.id, r.name]));
  });

  // Once per minute across every instance (job lease), users past their validUntil are disabled.
  app.jobs.every('office.disableExpiredUsers', { everyMs: EXPIRY_SWEEP_MS }, async () => {
    await users.disableExpired();
  });
}
