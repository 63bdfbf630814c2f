import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import {
  acknowledgeAlertSchema,
  alertCountSchema,
  alertLockerSchema,
  alertsReplySchema,
  expiredCountsSchema,
  expiredLockersByPlaceSchema,
  openedOrAlertCountsSchema,
} from '../schemas/locations.js';
import { alertExportQuerySchema, alertListQuerySchema } from '../schemas/alert-list.js';
import { EXPORT_CONTENT_TYPES } from '../lists.js';
import { urlIdSchema } from '../validation.js';

/**
 * Alerts (SPEC §7 Alerts and the dashboard counts): doors in alert, open doors and expired lockers.
 * The badge counts are read by every menu that shows a badge, so any session may read them.
 */
export const alertsApi = defineEndpoints('alerts', {
  list: {
    method: 'GET',
    path: '/api/julian/alerts',
    permission: 'alerts.view',
    summary: 'Lockers whose door is in alert (1, 3, 11), filtered and sorted, paged on the server',
    description:
      'Filters: location, kind (door status), acknowledged or not, the days the alert began; sorted by a whitelisted column, ties by locker id.',
    query: alertListQuerySchema,
    reply: alertsReplySchema,
  },
  exportAlerts: {
    method: 'GET',
    path: '/api/julian/alerts/export',
    permission: 'alerts.view',
    summary: 'The filtered alerts as an .xlsx or .csv file, streamed',
    query: alertExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  acknowledge: {
    method: 'POST',
    path: '/api/julian/alerts/:id/acknowledge',
    permission: 'alerts.acknowledge',
    summary:
      "Acknowledge a locker's alert: who, when and a note; the alert stays until the door reports closed",
    params: z.object({ id: urlIdSchema }),
    body: acknowledgeAlertSchema,
    reply: alertLockerSchema,
    errors: ['notFound', 'notInAlert'],
  },
  count: {
    method: 'GET',
    path: '/api/julian/alerts/count',
    permission: 'session',
    summary: 'Doors in alert, for the sidebar badge',
    reply: alertCountSchema,
  },
  expiredCount: {
    method: 'GET',
    path: '/api/julian/dashboard/getExpiredLockersCount',
    permission: 'session',
    summary: 'Expired office and delivery lockers, for the badges',
    reply: expiredCountsSchema,
  },
  notClosed: {
    method: 'GET',
    path: '/api/julian/dashboard/getNotClosedLockers',
    permission: 'alerts.view',
    summary: 'Lockers whose door is not closed (open, alert or offline)',
    reply: z.array(alertLockerSchema),
  },
  openedOrAlertCount: {
    method: 'GET',
    path: '/api/julian/dashboard/getOpenedOrAlertLockersCount',
    permission: 'alerts.view',
    summary: 'Open doors and doors in alert, with their total',
    reply: openedOrAlertCountsSchema,
  },
  expired: {
    method: 'GET',
    path: '/api/julian/getExpiredLockers',
    permission: 'session',
    summary: 'Expired lockers: Data.office and Data.delivery, keyed by location',
    description: "Each half is filled only for roles that may see that area's lockers; the other is empty.",
    reply: expiredLockersByPlaceSchema,
  },
});
