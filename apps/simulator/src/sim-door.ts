import { DOOR_STATUS, type DeviceDoorStatus, type ExteriorPurpose } from '@cacifo/contract';
import type { TimerHandle } from './clock.js';
import type { DoorFault, SimulatedControllerOptions } from './options.js';

export interface SimDoor {
  door: number;
  open: boolean;
  status: DeviceDoorStatus;
  /** Null until the first tag or fault: most doors never have one. */
  tags: Set<string> | null;
  faults: Set<DoorFault> | null;
  /** Commands waiting for the open latency; they all share the outcome. */
  pending: string[];
  /** Exterior door only: why the first pending command opens it. */
  purpose: ExteriorPurpose | null;
  openingTimer: TimerHandle | null;
  autoCloseTimer: TimerHandle | null;
  leftOpenTimer: TimerHandle | null;
}

/** Pending ids of doors the controller opens by itself; never sent as a commandId. */
export const LOCAL_OPEN = 'local:';

export function newDoor(door: number): SimDoor {
  return {
    door,
    open: false,
    status: DOOR_STATUS.CLOSED,
    tags: null,
    faults: null,
    pending: [],
    purpose: null,
    openingTimer: null,
    autoCloseTimer: null,
    leftOpenTimer: null,
  };
}

/** The numbered doors of a new controller, with the tags they start with. */
export function doorsFrom(options: SimulatedControllerOptions): Map<number, SimDoor> {
  const doors = new Map<number, SimDoor>();
  const numbers =
    typeof options.doors === 'number'
      ? Array.from({ length: options.doors }, (_, i) => i + 1)
      : [...options.doors];
  for (const door of numbers) doors.set(door, newDoor(door));
  for (const [door, tags] of options.tags ?? []) {
    const d = doors.get(door);
    if (d && tags.length > 0) d.tags = new Set(tags);
  }
  return doors;
}
