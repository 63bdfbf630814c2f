import type { Clock } from './clock.js';

/** jam: acknowledged but the door stays closed. timeout: no answer. offline: silent, no heartbeats. */
export type SimulatorFault = 'jam' | 'timeout' | 'offline';
export type DoorFault = Exclude<SimulatorFault, 'offline'>;

export interface SimulatorTiming {
  /** Between acknowledging an open command and the door sensor reporting it open. */
  openLatencyMs: number;
  /** The door closes by itself this long after opening, so "open then closed" can be watched; null never. */
  autoCloseMs: number | null;
  /** A commanded open door still open after this long turns to alert 11; null never. */
  leftOpenAfterMs: number | null;
  heartbeatIntervalMs: number;
}

export interface SimulatedControllerOptions extends Partial<SimulatorTiming> {
  placeId: number;
  /** A count (doors 1..n) or the explicit door numbers. */
  doors: number | readonly number[];
  /** The wall has an exterior (courier/street) door, opened with `openExterior` (order states 16, 17). */
  exteriorDoor?: boolean;
  /** Tags the readers see from the start (door -> tag ids); doors the controller lacks are skipped. */
  tags?: ReadonlyMap<number, readonly string[]>;
  /** This run's boot (docs/devices.md, "Sequence numbers"); default: the start time, always growing. */
  boot?: number;
  clock?: Clock;
}

/** A locker door by number, or the wall's exterior door. */
export type DoorRef = number | 'exterior';

export const DEFAULT_SIMULATOR_TIMING: SimulatorTiming = {
  openLatencyMs: 300,
  autoCloseMs: 5000,
  leftOpenAfterMs: null,
  heartbeatIntervalMs: 5000,
};

export interface FaultState {
  controller: SimulatorFault[];
  doors: Record<number, DoorFault[]>;
  exterior?: DoorFault[];
}

/** Keeps only the timing keys that are set, so `undefined` never overrides a default. */
export function definedOnly<T extends object>(value: T): Partial<SimulatorTiming> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_SIMULATOR_TIMING)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out as Partial<SimulatorTiming>;
}
