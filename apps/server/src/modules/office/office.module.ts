import type { FastifyInstance } from 'fastify';
import { MODULE } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { LockerInfo, LockerScope } from '../lockers/locker-info.js';
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
  // Who holds an office locker shows in every area's locker views, module enabled or not: the rows
  // still hold their lockers for the availability rule (docs/adr/0070).
  app.lockerInfo.register(officeLockerInfo);
  // A deployment without the office module keeps the routes (they answer moduleDisabled) but
  // neither lends user names to other areas nor sweeps.
  if (app.config.modules.includes(MODULE.OFFICE)) wireOffice(app, services);
}

type Ref = { id: number; name: string };
/** The users and sharing groups of some lockers (or of every locker of a place), by locker. */
async function officeLockerInfo(db: Db, scope: LockerScope): Promise<Map<number, LockerInfo>> {
  const [users, groups] = await Promise.all(
    'placeId' in scope
      ? [
          officeLockersRepository.usersOfPlace(db, scope.placeId),
          officeLockersRepository.groupsOfPlace(db, scope.placeId),
        ]
      : [
          officeLockersRepository.usersOf(db, [...scope.lockerIds]),
          officeLockersRepository.groupsOf(db, [...scope.lockerIds]),
        ],
  );
  const out = new Map<number, { locker_users: Ref[]; lockerGroups: Ref[] }>();
  const at = (lockerId: number) => {
    let cur = out.get(lockerId);
    if (!cur) out.set(lockerId, (cur = { locker_users: [], lockerGroups: [] }));
    return cur;
  };
  for (const r of users) at(r.lockerId).locker_users.push({ id: r.id, name: r.name });
  for (const r of groups) at(r.lockerId).lockerGroups.push({ id: r.id, name: r.name });
  return out;
}

/** What the office lends the rest of the server when enabled: user names, and the expiry sweep. */
function wireOffice(app: FastifyInstance, { users }: OfficeServices) {
  app.lockerInfo.registerUserNames(async (db, userIds) => {
    const rows = await usersRepository.namesOf(db, [...userIds]);
    return new Map(rows.map((r) => [r.id, r.name]));
  });

  // Once per minute across every instance (job lease), users past their validUntil are disabled.
  app.jobs.every('office.disableExpiredUsers', { everyMs: EXPIRY_SWEEP_MS }, async () => {
    await users.disableExpired();
  });
}
