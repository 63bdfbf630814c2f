import type { Generated } from 'kysely';

/**
 * Row types of the foundation tables. Timestamps are ISO-8601 UTC strings on both databases and
 * flags are 0/1 integers (docs/adr/0003): one shape for SQLite and PostgreSQL, sortable as text.
 */
interface PlacesTable {
  id: Generated<number>;
  name: string;
  type: string;
  system_type: string;
  address: string | null;
  mode: Generated<string>;
  /** 1: the lockers stand behind an exterior door that deposits and pickups open first (0/1). */
  exterior_door: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface LockersTable {
  id: Generated<number>;
  place_id: number;
  door_number: number;
  size: string;
  status: Generated<number>;
  door_status: Generated<number>;
  /** The last status the controller reported, never 255 (migration 0120). */
  door_reported_status: Generated<number>;
  /** (boot, seq) of the controller report the door status came from (migration 0226); null before any. */
  door_boot: number | null;
  door_seq: number | null;
  enabled: Generated<number>;
  accessibility: Generated<number>;
  door_status_updated_at: string | null;
  expiration_date_time: string | null;
  created_at: string;
  updated_at: string;
}

/** Admins, employees and stores: every account that logs in to the back-office. */
export interface AdminsTable {
  id: Generated<number>;
  username: string;
  name: string;
  email: string | null;
  role: string;
  company: string | null;
  password_hash: string;
  pin_hash: string | null;
  phone: string | null;
  notifiable: Generated<number>;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
  password_changed_at: string | null;
}

interface TokensTable {
  id: Generated<number>;
  admin_id: number;
  access_hash: string;
  refresh_hash: string;
  access_expires_at: string;
  refresh_expires_at: string;
  revoked_at: string | null;
  created_at: string;
  /** The first token of the sign-in this one was refreshed from; null: it is that first token. */
  family_id: number | null;
}

export interface AdminLogsTable {
  id: Generated<number>;
  admin_id: number | null;
  admin_name: string;
  action: number;
  user_id: number | null;
  user_name: string | null;
  locker_id: number | null;
  door_number: number | null;
  place_id: number | null;
  place_name: string | null;
  details: string | null;
  created_at: string;
}

interface BookmarksTable {
  admin_id: number;
  route_id: string;
  created_at: string;
}

/** Fixed-window counters (login and PIN attempts); in the database so every instance sees them. */
interface RateLimitsTable {
  key: string;
  count: number;
  window_start: string;
}

/** Small key/value settings (global options, feature switches changed at runtime). */
interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface FoundationTables {
  places: PlacesTable;
  lockers: LockersTable;
  admins: AdminsTable;
  tokens: TokensTable;
  admin_logs: AdminLogsTable;
  bookmarks: BookmarksTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
}
