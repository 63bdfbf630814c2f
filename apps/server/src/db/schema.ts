import type { Kysely, Transaction } from 'kysely';
import type { FoundationTables } from './tables/foundation.js';
import type { LockerRuntimeTables } from './tables/lockers.js';
import type { JobTables } from './tables/jobs.js';
import type { AssetTables } from './tables/assets.js';
import type { OrderTables } from './tables/orders.js';
import type { AdminTables } from './tables/admin.js';
import type { OfficeTables } from './tables/office.js';
import type { MarketplaceTables } from './tables/marketplace.js';
import type { NotificationTables } from './tables/notifications.js';
import type { PartnerTables } from './tables/partners.js';
import type { KioskTables } from './tables/kiosk.js';
import type { DeviceTables } from './tables/devices.js';
import type { ClientTables } from './tables/clients.js';

/** The whole database: each area adds its tables file and one line to the extends list. */
// prettier-ignore
export interface Database extends
  FoundationTables,
  JobTables,
  LockerRuntimeTables,
  AssetTables,
  OrderTables,
  AdminTables,
  OfficeTables,
  MarketplaceTables,
  PartnerTables,
  NotificationTables,
  KioskTables,
  DeviceTables,
  ClientTables {}

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take either the root handle or a transaction. */
export type DbOrTx = Db | Tx;
