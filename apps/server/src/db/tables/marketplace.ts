import type { Generated } from 'kysely';

export interface PricePacksTable {
  id: Generated<number>;
  name: string;
  type: string;
  hours: number;
  price_cents: number;
  price_net_cents: number;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface VouchersTable {
  id: Generated<number>;
  title: string;
  code: string;
  description_pt: string;
  description_en: string;
  start_date: string;
  end_date: string;
  max_uses: number | null;
  max_uses_per_day: number | null;
  discount_type: string;
  discount_value: number;
  /** JSON array of price pack ids; [] = every pack. */
  price_ids: string;
  type: string | null;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface KioskScreensTable {
  admin_id: number;
  place_id: number;
  created_at: string;
}

export interface RentalsTable {
  id: Generated<number>;
  place_id: number;
  locker_id: number;
  door_number: number;
  size: string;
  status: string;
  phone: string | null;
  method: string | null;
  pending_until: string;
  started_at: string | null;
  ends_at: string | null;
  safe_until: string | null;
  ended_at: string | null;
  deposit_cents: Generated<number>;
  screen_id: number | null;
  /** Hashes of the customer's PIN (with the place) and QR (migration 0170); null before it. */
  pin_hash: string | null;
  qr_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  rental_id: number | null;
  kind: string;
  reference: string;
  identifier: string | null;
  provider_transaction_id: string | null;
  phone: string | null;
  place_id: number | null;
  place_name: string | null;
  locker_id: number | null;
  door_number: number | null;
  method: string | null;
  status: string;
  pack_id: number | null;
  pack_name: string | null;
  hours: Generated<number>;
  voucher_id: number | null;
  voucher_code: string | null;
  amount_cents: Generated<number>;
  discount_cents: Generated<number>;
  cost_cents: Generated<number>;
  total_cost_cents: Generated<number>;
  iva_cents: Generated<number>;
  iva_percent: Generated<number>;
  deposit_cents: Generated<number>;
  charged_cents: Generated<number>;
  description: string | null;
  invoice_id: string | null;
  billed_minutes: number | null;
  rental_start: string | null;
  rental_end: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TransactionLogsTable {
  id: Generated<number>;
  transaction_id: number;
  action: number;
  status: string;
  details: string | null;
  created_at: string;
}

/** Provider events taken by the payment webhook, kept a while so a replay is refused (issue #31). */
export interface PaymentWebhookEventsTable {
  event_id: string;
  received_at: string;
}

export interface MarketplaceTables {
  price_packs: PricePacksTable;
  vouchers: VouchersTable;
  kiosk_screens: KioskScreensTable;
  rentals: RentalsTable;
  transactions: TransactionsTable;
  transaction_logs: TransactionLogsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
}
