import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountEnabledSchema,
  accountListQuerySchema,
  changePasswordSchema,
  changePinSchema,
  createAdminSchema,
  createEmployeeSchema,
  idSchema,
  updateAdminSchema,
  updateEmployeeSchema,
  updateProfileSchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AdminsService } from './admins.service.js';
import { EmployeesService } from './employees.service.js';
import { ProfileService } from './profile.service.js';

const idParams = z.object({ id: idSchema });

/** Admins and screen users (/admins), store employees (/employees) and the caller's own profile. */
export async function adminsModule(app: FastifyInstance) {
  const admins = new AdminsService(app.db);
  const employees = new EmployeesService(app.db);
  const profile = new ProfileService(app.db);

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/admin/admins',
      permission: 'admins.view',
      summary: 'Staff and screen accounts, server paged',
      query: accountListQuerySchema,
      handler: ({ query }) => admins.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/admins/:id',
      permission: 'admins.view',
      params: idParams,
      handler: ({ params }) => admins.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/admins',
      permission: 'admins.manage',
      summary: 'Create a staff or screen account (log 20)',
      body: createAdminSchema,
      handler: ({ account, body }) => admins.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/admins/:id',
      permission: 'admins.view',
      summary: 'Edit an account (log 21); editors: contact details of non-admins only',
      params: idParams,
      body: updateAdminSchema,
      handler: ({ account, params, body }) => admins.update(account!, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/admins/:id/enabled',
      permission: 'admins.view',
      summary: 'Enable or disable an account (log 21); a disabled account is signed out at once',
      params: idParams,
      body: accountEnabledSchema,
      handler: ({ account, params, body }) => admins.setEnabled(account!, params.id, body.enabled),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/admin/admins/:id',
      permission: 'admins.manage',
      summary: 'Delete an account (log 22)',
      params: idParams,
      handler: ({ account, params }) => admins.remove(account!, params.id),
    }),

    defineRoute({
      method: 'GET',
      url: '/api/admin/employees',
      permission: 'employees.manage',
      summary: "Store accounts; the store role sees its own store's only",
      query: accountListQuerySchema,
      handler: ({ account, query }) => employees.list(account!, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/employees/:id',
      permission: 'employees.manage',
      params: idParams,
      handler: ({ account, params }) => employees.get(account!, params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/employees',
      permission: 'employees.manage',
      body: createEmployeeSchema,
      handler: ({ account, body }) => employees.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/employees/:id',
      permission: 'employees.manage',
      params: idParams,
      body: updateEmployeeSchema,
      handler: ({ account, params, body }) => employees.update(account!, params.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/employees/:id/enabled',
      permission: 'employees.manage',
      params: idParams,
      body: accountEnabledSchema,
      handler: ({ account, params, body }) => employees.setEnabled(account!, params.id, body.enabled),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/admin/employees/:id',
      permission: 'employees.manage',
      params: idParams,
      handler: ({ account, params }) => employees.remove(account!, params.id),
    }),

    defineRoute({
      method: 'GET',
      url: '/api/admin/profile',
      permission: 'session',
      handler: ({ account }) => profile.get(account!),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/profile',
      permission: 'session',
      body: updateProfileSchema,
      handler: ({ account, body }) => profile.update(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/profile/password',
      permission: 'session',
      summary: 'Change own password (L42 on a wrong old one); ends the other sessions',
      body: changePasswordSchema,
      handler: async ({ account, body }) => {
        await profile.changePassword(account!, body);
        return null;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/profile/pin',
      permission: 'session',
      summary: 'Change own PIN, confirmed with the password (L41 when taken)',
      body: changePinSchema,
      handler: ({ account, body }) => profile.changePin(account!, body),
    }),
  ]);
}
