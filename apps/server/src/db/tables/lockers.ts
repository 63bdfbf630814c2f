import type { Generated } from 'kysely';

export interface DoorEventsTable {
  id: Generated<number>;
  place_id: number;
  locker_id: number | null;
  door_number: number;
  door_status: number;
  previous_status: number;
  commanded: Generated<number>;
  command_id: string | null;
  admin_id: number | null;
  user_id: number | null;
  created_at: string;
}

export interface DoorCommandsTable {
  id: Generated<number>;
  command_id: string;
  place_id: number;
  locker_id: number | null;
  door_number: number;
  admin_id: number | null;
  user_id: number | null;
  reason: string;
  outcome: string;
  failure_reason: string | null;
  requested_at: string;
  acknowledged_at: string | null;
  finished_at: string;
}

export interface ExteriorDoorEventsTable {
  id: Generated<number>;
  place_id: number;
  door_status: number;
  previous_status: number;
  commanded: Generated<number>;
  command_id: string | null;
  purpose: string | null;
  admin_id: number | null;
  user_id: number | null;
  created_at: string;
}

/** Realtime messages too large for a PostgreSQL NOTIFY, fetched by id by every instance. */
interface RealtimeMessagesTable {
  id: Generated<number>;
  payload: string;
  created_at: string;
}

/** The latest acknowledgement of a locker's alert (issue #27, migration 0073). */
interface AlertAcknowledgementsTable {
  locker_id: number;
  alert_since: string;
  door_status: number;
  admin_id: number | null;
  admin_name: string;
  note: string | null;
  acknowledged_at: string;
}

/** The tags a locker's reader reports now (issue #32, migration 0166). */
interface LockerTagsTable {
  locker_id: number;
  tag_id: string;
  seen_at: string;
}

export interface LockerRuntimeTables {
  alert_acknowledgements: AlertAcknowledgementsTable;
  locker_tags: LockerTagsTable;
  door_events: DoorEventsTable;
  door_commands: DoorCommandsTable;
  exterior_door_events: ExteriorDoorEventsTable;
  realtime_messages: RealtimeMessagesTable;
}
