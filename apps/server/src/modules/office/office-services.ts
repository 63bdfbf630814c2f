import type { FastifyInstance } from 'fastify';
import { AccessService } from './access.service.js';
import { AssetKioskService } from './asset-kiosk.service.js';
import { GroupsService } from './groups.service.js';
import { OfficeLockersService } from './lockers.service.js';
import { SchedulesService } from './schedules.service.js';
import { StatsService } from './stats.service.js';
import { UsersService } from './users.service.js';
import { UsersListService } from './users-list.service.js';

/** The office's services, built once per app and shared by its routes and its wiring. */
export function officeServices(app: FastifyInstance) {
  const users = new UsersService(app);
  const groups = new GroupsService(app);
  const access = new AccessService(app);
  return {
    users,
    usersList: new UsersListService(app, users, groups),
    groups,
    schedules: new SchedulesService(app),
    lockers: new OfficeLockersService(app),
    stats: new StatsService(app.db),
    access,
    assetKiosk: new AssetKioskService(app, access),
  };
}
export type OfficeServices = ReturnType<typeof officeServices>;
