/** What the wall needs to work without the server (issue #32, ADR 0125). */
interface DeviceCodeHashesTable {
  order_id: number;
  place_id: number;
  /** pickup or return */
  kind: string;
  pin_hash: string;
  qr_hash: string | null;
  created_at: string;
}

/** A person's PIN hashed with each place's key when it was last in clear (migration 0165). */
interface DeviceSecretHashesTable {
  /** `courier:{admin id}` or `user:{locker user id}`. */
  subject: string;
  place_id: number;
  /** The way it is presented at the wall: `code` (a courier's deposit PIN) or `pin`. */
  via: string;
  hash: string;
  created_at: string;
}

interface DeviceCredentialSetsTable {
  place_id: number;
  version: number;
  /** Of the set's content without version and time: equal digests, nothing to publish. */
  digest: string;
  /** The published set, JSON. */
  body: string;
  updated_at: string;
}

interface DeviceJournalTable {
  place_id: number;
  boot: string;
  seq: number;
  type: string;
  /** The entry as received, JSON. */
  entry: string;
  /** applied, conflict or ignored */
  result: string;
  /** JSON: what the server held, for a conflict; why, for an ignored entry. */
  detail: string | null;
  controller_at: string;
  created_at: string;
}

export interface DeviceTables {
  device_code_hashes: DeviceCodeHashesTable;
  device_credential_sets: DeviceCredentialSetsTable;
  device_journal: DeviceJournalTable;
  device_secret_hashes: DeviceSecretHashesTable;
}
