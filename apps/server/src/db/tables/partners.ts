/** Tables of the partner integration (issue #24): idempotency keys, API keys, webhooks, courier codes. */
export interface IdempotencyKeysTable {
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

export interface PartnerTables {
  idempotency_keys: IdempotencyKeysTable;
}
