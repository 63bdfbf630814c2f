import { defineEndpoints } from '../endpoint.js';
import { adminLogFiltersSchema, adminLogListQuerySchema, adminLogListSchema } from '../schemas/admin.js';

/** The admin log screen: filters by admin, action, date range and location; paged on the server. */
export const adminLogsApi = defineEndpoints('adminLogs', {
  list: {
    method: 'GET',
    path: '/api/admin/logs',
    permission: 'adminLogs.view',
    summary: 'Admin log, newest first (createdAtInterval YYYY-MM-DD|YYYY-MM-DD, UTC days)',
    query: adminLogListQuerySchema,
    reply: adminLogListSchema,
  },
  filters: {
    method: 'GET',
    path: '/api/admin/logs/filters',
    permission: 'adminLogs.view',
    summary: 'Admins, locations and action codes present in the log',
    reply: adminLogFiltersSchema,
  },
});
