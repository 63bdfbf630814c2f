import type { Generated } from 'kysely';

/** Office locker users: employees and interns who open lockers with a card or a PIN. */
export interface LockerUsersTable {
  id: Generated<number>;
  name: string;
  enabled: Generated<number>;
  number: string | null;
  card: string | null;
  pin_digest: string | null;
  card_number: string | null;
  ccms: string | null;
  name_ccms: string | null;
  phone_number: string | null;
  number_prefix: string | null;
  login: string | null;
  building: string | null;
  floor: string | null;
  project: string | null;
  invoice: string | null;
  nif: string | null;
  email: string | null;
  obs: string | null;
  status: Generated<string>;
  valid_until: string | null;
  user_type: Generated<string>;
  country: string | null;
  created_at: string;
  updated_at: string;
}

interface UserGroupsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

interface UserGroupMembersTable {
  group_id: number;
  user_id: number;
  created_at: string;
}

interface UserGroupLockersTable {
  group_id: number;
  locker_id: number;
}

interface UserLockersTable {
  user_id: number;
  locker_id: number;
  created_at: string;
}

interface SchedulesTable {
  id: Generated<number>;
  name: string;
  start_time: string;
  end_time: string;
  start_date: string | null;
  end_date: string | null;
  weekdays: string;
  user_group_id: number | null;
  place_id: number | null;
  created_at: string;
  updated_at: string;
}

interface UserSchedulesTable {
  user_id: number;
  schedule_id: number;
  created_at: string;
}

interface OfficeAccessLogTable {
  id: Generated<number>;
  place_id: number;
  locker_id: number | null;
  door_number: number | null;
  user_id: number | null;
  user_name: string | null;
  credential: string;
  granted: Generated<number>;
  reason: string | null;
  outcome: string | null;
  command_id: string | null;
  admin_id: number | null;
  created_at: string;
}

export interface OfficeTables {
  locker_users: LockerUsersTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  user_group_lockers: UserGroupLockersTable;
  user_lockers: UserLockersTable;
  schedules: SchedulesTable;
  user_schedules: UserSchedulesTable;
  office_access_log: OfficeAccessLogTable;
}
