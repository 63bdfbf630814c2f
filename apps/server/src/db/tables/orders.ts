import type { Generated } from 'kysely';

export interface OrdersTable {
  id: Generated<number>;
  package_id: string;
  delivery_type: Generated<number>;
  recipient_name: string;
  recipient_email: string;
  recipient_phone: string;
  recipient_number: string;
  state: number;
  archived: Generated<number>;
  company: string | null;
  created_by: number | null;
  created_by_name: string;
  locker_id: number | null;
  pickup_pin_hash: string | null;
  pickup_qr_hash: string | null;
  stored_at: string | null;
  picked_up_at: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Partner pre-advice (issue #24, migration 0042): the API key that sent it, its target and size. */
  api_key_id: number | null;
  target_place_id: number | null;
  parcel_size: string | null;
  /** A return to drop off (issue #33, migration 0180): the hash of its return code, else null. */
  dropoff_code_hash: string | null;
  /** 1: clashed in case only with an older order when migration 0150 ran; outside the unique index. */
  package_clash: Generated<number>;
}

export interface OrderLogsTable {
  id: Generated<number>;
  order_id: number;
  package_id: string;
  action_id: number;
  action: string;
  from_state: number | null;
  state: number;
  admin_id: number | null;
  admin_name: string;
  company: string | null;
  locker_id: number | null;
  description: string | null;
  created_at: string;
}

/** Signed order counts per key, appended by database triggers (migration 0010). */
interface OrderCountsTable {
  id: Generated<number>;
  state: number;
  archived: number;
  company: string | null;
  n: number;
}

export interface OrderTables {
  orders: OrdersTable;
  order_counts: OrderCountsTable;
  order_logs: OrderLogsTable;
}
