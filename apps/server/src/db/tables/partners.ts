import type { Generated } from 'kysely';

/** Tables of the partner integration (issue #24): idempotency keys, API keys, webhooks, courier codes. */
interface IdempotencyKeysTable {
  /** Whose key it is: `account:<id>`, `apikey:<id>` or `address:<ip>`. */
  scope: string;
  key: string;
  /** SHA-256 of the method, path and canonical body: the same key with another request is refused. */
  fingerprint: string;
  /** `pending` while the first request runs, `done` once its answer is stored. */
  status: 'pending' | 'done';
  /** The request (random id) holding the claim while pending. */
  owner: string;
  /** A pending claim older than this belongs to a request that died: another may take it over. */
  locked_until: string;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** `ck_` and the next 8 characters of the key: shown in lists to recognise it. */
  prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string;
  /** JSON array of API scopes. */
  scopes: string;
  /**
   * The client (its `company` text) whose orders the key reaches. Required since migration 0100
   * (ADR 0100): the column stays nullable in SQLite's schema, the contract and service refuse null.
   */
  company: string | null;
  created_by: number | null;
  created_by_name: string;
  created_at: string;
  rotated_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by_name: string | null;
  /** Rate limit: the start of the current one-minute window and the requests counted in it. */
  window_start: string | null;
  window_count: Generated<number>;
  /** Derives the key's courier access codes (migration 0044); made the first time they are asked for. */
  courier_secret: string | null;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  api_key_id: number;
  url: string;
  /** JSON array of webhook event types. */
  events: string;
  /** The signing secret: kept as is, since every delivery is signed with it. */
  secret: string;
  status: Generated<'active' | 'disabled'>;
  /** The first failure of the current run of failures; null after a success. */
  failing_since: string | null;
  disabled_at: string | null;
  created_at: string;
  created_by_name: string;
  deleted_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  type: string;
  /** The exact body that is POSTed (and signed). */
  payload: string;
  /** `order:<id>` or `locker:<id>`: deliveries with the same key go to an endpoint one after another. */
  sequence_key: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  give_up_at: string;
  last_attempt_at: string | null;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
  lock_owner: string | null;
  locked_until: string | null;
}

export interface PartnerTables {
  idempotency_keys: IdempotencyKeysTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
