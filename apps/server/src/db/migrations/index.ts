import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-door-events.js';
import * as m0003 from './0003-assets.js';
import * as m0004 from './0004-orders.js';
import * as m0005 from './0005-admin.js';
import * as m0006 from './0006-office.js';
import * as m0007 from './0007-marketplace.js';
import * as m0008 from './0008-jobs.js';
import * as m0009 from './0009-orders-newest-first.js';
import * as m0010 from './0010-order-counts.js';
import * as m0011 from './0011-search-indexes.js';
import * as m0012 from './0012-asset-log-days.js';
import * as m0013 from './0013-realtime-large-messages.js';
import * as m0014 from './0014-holding-orders-covering.js';
import * as m0015 from './0015-orders-door-open.js';
import * as m0016 from './0016-exterior-door-events.js';
import * as m0033 from './0033-place-exterior-door.js';
import * as m0020 from './0020-token-families.js';
import * as m0040 from './0040-idempotency-keys.js';
import * as m0041 from './0041-api-keys.js';
import * as m0042 from './0042-partner-orders.js';
import * as m0043 from './0043-webhooks.js';
import * as m0044 from './0044-courier-codes.js';
import * as m0045 from './0045-pickup-qr-index.js';
import * as m0050 from './0050-notifications.js';
import * as m0060 from './0060-seeded-pin-lookups.js';
import * as m0072 from './0072-asset-groups.js';
import * as m0073 from './0073-alert-acknowledgements.js';
import * as m0120 from './0120-door-reported-status.js';
import * as m0125 from './0125-device-credentials.js';
import * as m0100 from './0100-partner-key-clients.js';
import * as m0070 from './0070-locker-holder-indexes.js';
import * as m0081 from './0081-order-list-sorts.js';
import * as m0082 from './0082-order-package-any-case.js';
import * as m0152 from './0152-asset-own-size.js';
import * as m0153 from './0153-card-normalised.js';
import * as m0165 from './0165-device-secret-hashes.js';
import * as m0166 from './0166-locker-tags.js';
import * as m0190 from './0190-clients.js';
import * as m0191 from './0191-recipient-retention.js';
import * as m0226 from './0226-door-sequence.js';
import * as m0227 from './0227-sweep-partial-indexes.js';
import * as m0232 from './0232-unwindowed-stored-index.js';
import * as m0233 from './0233-transactions-status-kind.js';
import * as m0170 from './0170-rental-codes.js';
import * as m0185 from './0185-payment-webhook-events.js';
import * as m0180 from './0180-return-dropoff-codes.js';
import * as m0150 from './0150-order-package-unique-any-case.js';
import * as m0130 from './0130-kiosk-attempts.js';
import * as m0200 from './0200-tenant-row-security.js';

/**
 * Every migration, in order. Areas developed side by side take numbers from blocks of their own
 * (see docs/adr/0015-parallel-migrations.md), so a database may have run a later block before an
 * earlier one landed: the migrator allows that (allowUnorderedMigrations), each migration touching
 * only its own tables and columns. Listed statically (not read from disk) so the same list runs under
 * tsx, vitest and any bundler. Each area appends its own file here; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-door-events': m0002,
  '0003-assets': m0003,
  '0004-orders': m0004,
  '0005-admin': m0005,
  '0006-office': m0006,
  '0007-marketplace': m0007,
  '0008-jobs': m0008,
  '0009-orders-newest-first': m0009,
  '0010-order-counts': m0010,
  '0011-search-indexes': m0011,
  '0012-asset-log-days': m0012,
  '0013-realtime-large-messages': m0013,
  '0014-holding-orders-covering': m0014,
  '0015-orders-door-open': m0015,
  '0016-exterior-door-events': m0016,
  '0033-place-exterior-door': m0033,
  '0020-token-families': m0020,
  '0040-idempotency-keys': m0040,
  '0041-api-keys': m0041,
  '0042-partner-orders': m0042,
  '0043-webhooks': m0043,
  '0044-courier-codes': m0044,
  '0045-pickup-qr-index': m0045,
  '0050-notifications': m0050,
  '0060-seeded-pin-lookups': m0060,
  '0070-locker-holder-indexes': m0070,
  '0081-order-list-sorts': m0081,
  '0072-asset-groups': m0072,
  '0082-order-package-any-case': m0082,
  '0073-alert-acknowledgements': m0073,
  '0150-order-package-unique-any-case': m0150,
  '0130-kiosk-attempts': m0130,
  '0125-device-credentials': m0125,
  '0120-door-reported-status': m0120,
  '0100-partner-key-clients': m0100,
  '0152-asset-own-size': m0152,
  '0153-card-normalised': m0153,
  '0165-device-secret-hashes': m0165,
  '0166-locker-tags': m0166,
  '0190-clients': m0190,
  '0191-recipient-retention': m0191,
  '0226-door-sequence': m0226,
  '0227-sweep-partial-indexes': m0227,
  '0232-unwindowed-stored-index': m0232,
  '0233-transactions-status-kind': m0233,
  '0170-rental-codes': m0170,
  '0185-payment-webhook-events': m0185,
  '0180-return-dropoff-codes': m0180,
  '0200-tenant-row-security': m0200,
};
