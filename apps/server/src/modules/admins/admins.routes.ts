import type { FastifyInstance } from 'fastify';
import { adminsApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { AdminsService } from './admins.service.js';
import { EmployeesService } from './employees.service.js';
import { ProfileService } from './profile.service.js';

/** Admins and screen users (/admins), store employees (/employees) and the caller's own profile. */
export async function adminsModule(app: FastifyInstance) {
  const admins = new AdminsService(app.db);
  const employees = new EmployeesService(app.db);
  const profile = new ProfileService(app.db);
  const api = adminsApi;

  registerRoutes(app, [
    route(api.list, ({ query }) => admins.list(query)),
    route(api.get, ({ params }) => admins.get(params.id)),
    route(api.create, ({ account, body }) => admins.create(account, body)),
    route(api.update, ({ account, params, body }) => admins.update(account, params.id, body)),
    route(api.setEnabled, ({ account, params, body }) => admins.setEnabled(account, params.id, body.enabled)),
    route(api.remove, ({ account, params }) => admins.remove(account, params.id).then(() => null)),

    route(api.employees, ({ account, query }) => employees.list(account, query)),
    route(api.employee, ({ account, params }) => employees.get(account, params.id)),
    route(api.createEmployee, ({ account, body }) => employees.create(account, body)),
    route(api.updateEmployee, ({ account, params, body }) => employees.update(account, params.id, body)),
    route(api.setEmployeeEnabled, ({ account, params, body }) =>
      employees.setEnabled(account, params.id, body.enabled),
    ),
    route(api.removeEmployee, ({ account, params }) => employees.remove(account, params.id).then(() => null)),

    route(api.profile, ({ account }) => profile.get(account)),
    route(api.updateProfile, ({ account, body }) => profile.update(account, body)),
    route(api.changePassword, ({ account, body }) => profile.changePassword(account, body).then(() => null)),
    route(api.changePin, ({ account, body }) => profile.changePin(account, body)),
  ]);
}
