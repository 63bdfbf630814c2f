import type { Endpoint } from '../endpoint.js';
import { adminLogsApi } from './admin-logs.js';
import { adminsApi } from './admins.js';
import { apiKeysApi } from './api-keys.js';
import { alertsApi } from './alerts.js';
import { assetsApi } from './assets.js';
import { authApi } from './auth.js';
import { carrierKioskApi } from './carrier-kiosk.js';
import { catalogApi } from './catalog.js';
import { clientsApi } from './clients.js';
import { contentApi } from './content.js';
import { kioskApi } from './kiosk.js';
import { locationsApi } from './locations.js';
import { marketplaceApi } from './marketplace.js';
import { notificationsApi } from './notifications.js';
import { officeApi } from './office.js';
import { ordersApi } from './orders.js';
import { partnerApi } from './partner.js';
import { rentalsApi } from './rentals.js';
import { serviceApi } from './service.js';
import { shellApi } from './shell.js';
import { toolsApi } from './tools.js';
import { wallApi } from './wall.js';
import { webhooksApi } from './webhooks.js';

/**
 * Every area's endpoint table. The server registers each entry exactly once (a test checks it), and
 * docs/openapi.json is written from this list. Areas import their own file, not this index, so the
 * web's bundles keep only the schemas they use.
 */
export const API = {
  adminLogs: adminLogsApi,
  admins: adminsApi,
  apiKeys: apiKeysApi,
  alerts: alertsApi,
  assets: assetsApi,
  auth: authApi,
  carrierKiosk: carrierKioskApi,
  catalog: catalogApi,
  clients: clientsApi,
  content: contentApi,
  kiosk: kioskApi,
  locations: locationsApi,
  marketplace: marketplaceApi,
  notifications: notificationsApi,
  office: officeApi,
  orders: ordersApi,
  partner: partnerApi,
  rentals: rentalsApi,
  service: serviceApi,
  shell: shellApi,
  tools: toolsApi,
  wall: wallApi,
  webhooks: webhooksApi,
} as const;

/** Each area's line in the docs (OpenAPI tags). */
export const API_AREAS: Record<keyof typeof API, string> = {
  adminLogs: 'The admin log: who changed what, filtered by admin, action, date and location.',
  admins: 'Staff and screen accounts, store employees and the profile of the signed-in account.',
  apiKeys: 'Partner API keys (Administration > Integrations): made, listed, rotated and revoked by admins.',
  alerts: 'Doors in alert, open doors and expired lockers: the alerts screen and the menu badges.',
  assets:
    'Assets: the catalogue, who may retrieve each one and when, logs, KPIs, warnings, admin door opens and categories.',
  auth: 'Sign-in (OAuth2 password and refresh grants), sign-out and the role lookup.',
  carrierKiosk:
    "A carrier's courier at a delivery wall's kiosk: the partner's access code of the day opens lockers for its parcels.",
  clients:
    "Clients (the organisations served): names, state, granted locations, monthly usage and recipients' data.",
  catalog: 'Projects, office user types and the configuration of the service itself (hidden screens).',
  content: 'Versioned terms and ordered FAQs per language, with their public reads.',
  kiosk:
    "The kiosk screen of a locker wall (screen role, its own place): what it offers and a courier's deposit.",
  locations:
    'Locations: lists with live counts, locker grids, analytics, configuration, modes, remote door opens and global options.',
  marketplace:
    'Marketplace back-office: settings, price packs, vouchers, transactions, logs and kiosk binding.',
  notifications:
    'Recipient messages: the SMS and e-mail outbox, templates per event and language, pickup windows and reminders, and the return list.',
  office:
    'Office lockers: locker users (cards, PINs, groups, schedules, lockers), expired lockers, activity, the office dashboard and kiosk.',
  orders:
    'Delivery orders: lists, lifecycle, deposit, staff actions, delivery lockers, analytics, import and kiosk pickup.',
  partner:
    'The partner API (/api/partner/v1, an API key per partner): pre-advised orders, locations, webhooks, courier codes.',
  rentals: 'Kiosk rentals of a marketplace screen (quote, rent, open, extend, end) and the payment webhook.',
  service: 'Service status: this server, the locker controllers by their heartbeats and the kiosk screens.',
  shell: 'Health, bookmarks and page search: what every screen shares.',
  webhooks: "Partners' webhook endpoints and their delivery logs, as admins see them (Integrations).",
  tools: 'Admin tools: kiosk and SMS texts, kiosk QR refresh, data reset; kiosk reads.',
  wall: 'Walls working without the server: the place key a controller is provisioned with, and the conflicts of what walls did alone.',
};

export function allEndpoints(): Endpoint[] {
  return Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
}

export {
  adminLogsApi,
  adminsApi,
  apiKeysApi,
  alertsApi,
  assetsApi,
  authApi,
  carrierKioskApi,
  catalogApi,
  clientsApi,
  contentApi,
  kioskApi,
  locationsApi,
  marketplaceApi,
  notificationsApi,
  officeApi,
  ordersApi,
  partnerApi,
  rentalsApi,
  serviceApi,
  shellApi,
  toolsApi,
  wallApi,
  webhooksApi,
};
export { wallConflictSchema, type WallConflict } from './wall.js';
