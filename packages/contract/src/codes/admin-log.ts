import { defineCodes, type CodeOf } from './define.js';

/**
 * Admin log action codes (SPEC §9). Within each range SPEC gives no meaning; Cacifo uses
 * x0 created, x1 updated, x2 deleted (docs/adr/0002). 23 and 24 are fixed by SPEC.
 */
export const ADMIN_LOG_ACTION = {
  USER_CREATED: 10,
  USER_UPDATED: 11,
  USER_DELETED: 12,
  USER_PIN_UPDATED: 13,
  USER_CARD_UPDATED: 14,
  ADMIN_CREATED: 20,
  ADMIN_UPDATED: 21,
  ADMIN_DELETED: 22,
  DATABASE_RESET: 23,
  QR_REFRESHED: 24,
  PRICE_CREATED: 30,
  PRICE_UPDATED: 31,
  PRICE_DELETED: 32,
  SCHEDULE_CREATED: 40,
  SCHEDULE_UPDATED: 41,
  SCHEDULE_DELETED: 42,
  SAFE_TIME_CREATED: 50,
  SAFE_TIME_UPDATED: 51,
  SAFE_TIME_DELETED: 52,
  CAPTIVATION_PRICE_CREATED: 60,
  CAPTIVATION_PRICE_UPDATED: 61,
  CAPTIVATION_PRICE_DELETED: 62,
  VOUCHER_CREATED: 70,
  VOUCHER_UPDATED: 71,
  VOUCHER_DELETED: 72,
  IVA_TAX_CREATED: 80,
  IVA_TAX_UPDATED: 81,
  IVA_TAX_DELETED: 82,
  FREE_MODE_CREATED: 90,
  FREE_MODE_UPDATED: 91,
  FREE_MODE_DELETED: 92,
  /** Assets (not in SPEC list): x00 range like the others, 110-113 mirror asset log 10-13. */
  ASSET_CREATED: 100,
  ASSET_UPDATED: 101,
  ASSET_DELETED: 102,
  ASSET_OPENED_FOR_RETRIEVAL: 110,
  ASSET_OPENED_FOR_STORAGE: 111,
  ASSET_ENABLED: 112,
  ASSET_DISABLED: 113,
  // Every staff write leaves its row (issue #35): who may take an asset, categories, catalog, FAQ.
  ASSET_USER_ADDED: 114,
  ASSET_USER_REMOVED: 115,
  ASSET_GROUP_ADDED: 116,
  ASSET_GROUP_REMOVED: 117,
  ASSET_CATEGORY_CREATED: 120,
  ASSET_CATEGORY_UPDATED: 121,
  ASSET_CATEGORY_DELETED: 122,
  PROJECT_CREATED: 130,
  PROJECT_UPDATED: 131,
  PROJECT_DELETED: 132,
  USER_TYPE_SAVED: 133,
  USER_GROUP_CREATED: 140,
  USER_GROUP_UPDATED: 141,
  USER_GROUP_DELETED: 142,
  FAQ_CREATED: 150,
  FAQ_UPDATED: 151,
  FAQ_DELETED: 152,
  FAQS_REORDERED: 153,
  TERMS_PUBLISHED: 154,
  TRANSACTION_UPDATED: 161,
  TRANSACTION_DELETED: 162,
  ORDER_DELETED: 172,
  ORDERS_ARCHIVED: 173,
  STORE_DOOR_OPENED: 900,
  // Beyond SPEC (docs/adr/0002): location and locker actions need their own codes.
  LOCATION_MODE_CHANGED: 901,
  LOCKER_DISABLED: 902,
  LOCKER_ENABLED: 903,
  LOCATION_CREATED: 904,
  LOCATION_UPDATED: 905,
  GLOBAL_OPTIONS_UPDATED: 906,
  /** A locker's alert acknowledged, with the note (issue #27). */
  ALERT_ACKNOWLEDGED: 907,
  /** A kiosk screen bound to a marketplace place. */
  KIOSK_BOUND: 908,
  // Partner integration (issue #24): API keys and webhook endpoints.
  API_KEY_CREATED: 1000,
  API_KEY_ROTATED: 1001,
  API_KEY_REVOKED: 1002,
  WEBHOOK_CREATED: 1010,
  /** An endpoint that kept failing, disabled by the delivery worker (the system). */
  WEBHOOK_DISABLED: 1011,
  WEBHOOK_DELETED: 1012,
  WEBHOOK_ENABLED: 1013,
  WEBHOOK_REDELIVERED: 1014,
  // Operator settings (issue #35).
  SERVICE_CONFIG_UPDATED: 1020,
  TEMPLATES_UPDATED: 1021,
  PICKUP_SETTINGS_UPDATED: 1022,
  MESSAGE_RETRIED: 1023,
  TOOL_TEXTS_UPDATED: 1024,
  // The server's own link to the broker (issue #32), written by the system: lost, then back.
  BROKER_LINK_LOST: 1030,
  BROKER_LINK_BACK: 1031,
  // A wall's journal told of something it did alone that the server held otherwise (issue #32):
  // details carry both sides (the wall's entry, the server's state); GET /api/julian/wall/conflicts.
  WALL_CONFLICT: 1040,
  // Clients (issue #31, ADR 0190).
  CLIENT_CREATED: 1050,
  /** Renamed (its orders, keys and accounts follow), enabled or disabled, or its retention changed. */
  CLIENT_UPDATED: 1051,
  CLIENT_GRANTS_UPDATED: 1052,
  RECIPIENT_DATA_EXPORTED: 1053,
  RECIPIENT_DATA_ERASED: 1054,
  /** The retention job anonymised ended parcels' recipients (the system). */
  RECIPIENTS_ANONYMISED: 1055,
} as const;
export const adminLogAction = defineCodes('adminLogAction', ADMIN_LOG_ACTION);
export type AdminLogAction = CodeOf<typeof ADMIN_LOG_ACTION>;
