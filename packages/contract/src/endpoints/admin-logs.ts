import { defineEndpoints } from '../endpoint.js';
import { EXPORT_CONTENT_TYPES } from '../lists.js';
import {
  adminLogExportQuerySchema,
  adminLogFiltersSchema,
  adminLogListQuerySchema,
  adminLogListSchema,
} from '../schemas/admin.js';

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
  exportLogs: {
    method: 'GET',
    path: '/api/admin/logs/export',
    permission: 'adminLogs.view',
    summary: 'The filtered admin log as an .xlsx or .csv file, streamed',
    query: adminLogExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  filters: {
    method: 'GET',
    path: '/api/admin/logs/filters',
    permission: 'adminLogs.view',
    summary: 'Admins, locations and action codes present in the log',
    reply: adminLogFiltersSchema,
  },
});
