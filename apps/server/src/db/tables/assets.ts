import type { Generated } from 'kysely';

interface AssetCategoriesTable {
  id: Generated<number>;
  name: string;
  icon: string;
  size: string;
  created_at: string;
  updated_at: string;
}

export interface AssetsTable {
  id: Generated<number>;
  name: string;
  tag: string;
  description: Generated<string>;
  status: Generated<number>;
  tag_status: Generated<number>;
  enabled: Generated<number>;
  is_random_locker: Generated<number>;
  created_at: string;
  updated_at: string;
  status_change_at: string;
  tag_status_change_at: string | null;
  /** The size kept from deleted categories (0152); null when none was deleted. */
  size: Generated<string | null>;
}

interface AssetCategoryLinksTable {
  asset_id: number;
  category_id: number;
}

interface AssetLockersTable {
  asset_id: number;
  locker_id: number;
  created_at: string;
}

interface AssetUsersTable {
  asset_id: number;
  user_id: number;
  created_at: string;
}

/** A user group whose members (now and later) may retrieve the asset. */
interface AssetGroupsTable {
  asset_id: number;
  group_id: number;
  created_at: string;
}

interface AssetSchedulesTable {
  asset_id: number;
  schedule_id: number;
}

interface AssetUserSchedulesTable {
  asset_id: number;
  user_id: number;
  schedule_id: number;
}

/** Asset logs per UTC day (`YYYY-MM-DD`), kept by an insert trigger (migration 0012). */
interface AssetLogDaysTable {
  day: string;
  n: number;
}

export interface AssetLogsTable {
  id: Generated<number>;
  asset_id: number;
  asset_name: string;
  action_id: number;
  description: string | null;
  user_id: number | null;
  username: string | null;
  admin_id: number | null;
  admin_name: string | null;
  locker_id: number | null;
  door_number: number | null;
  drawer_metra_id: string | null;
  created_at: string;
}

export interface AssetTables {
  asset_categories: AssetCategoriesTable;
  assets: AssetsTable;
  asset_category_links: AssetCategoryLinksTable;
  asset_lockers: AssetLockersTable;
  asset_users: AssetUsersTable;
  asset_groups: AssetGroupsTable;
  asset_schedules: AssetSchedulesTable;
  asset_user_schedules: AssetUserSchedulesTable;
  asset_logs: AssetLogsTable;
  asset_log_days: AssetLogDaysTable;
}
