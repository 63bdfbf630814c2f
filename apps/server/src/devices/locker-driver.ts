import type { DoorStatus } from '@cacifo/contract';

/**
 * The server's view of locker controllers, whatever carries the messages (docs/devices.md).
 * Nothing here touches the database: callers subscribe and persist what they need.
 */
export interface LockerDriver {
  readonly kind: 'simulator' | 'mqtt';
  /** Starts tracking a controller; registering the same place again replaces its door list. */
  register(controller: ControllerRegistration): Promise<void>;
  unregister(placeId: number): Promise<void>;
  /** Never rejects: every failure is an outcome. */
  openDoor(placeId: number, doorNumber: number): Promise<DoorCommandResult>;
  /** Results in the order of `doorNumbers`; at most `concurrency` commands in flight (default 6). */
  openMany(
    placeId: number,
    doorNumbers: readonly number[],
    options?: { concurrency?: number },
  ): Promise<DoorCommandResult[]>;
  /** One controller, or every registered one without a place id. Offline doors read 255. */
  readStates(placeId?: number): Promise<ControllerState[]>;
  /** How many controllers are registered and how many of them are online (no door copied). */
  controllerCounts(): { controllers: number; online: number };
  /** The listener runs synchronously for every event; the returned function unsubscribes. */
  subscribe(listener: LockerDriverListener): () => void;
  close(): Promise<void>;
}

export interface ControllerRegistration {
  placeId: number;
  doors: readonly number[];
}

/** Stages a command passes before its outcome (DECISIONS "States"). */
export type CommandStage = 'requested' | 'sent' | 'acknowledged';
/** `failed` covers a timeout (no ack or no result) and a controller refusing; `offline` was never sent. */
export type DoorCommandOutcome = 'opened' | 'alreadyOpen' | 'jammed' | 'failed' | 'offline';

export const SUCCESSFUL_OUTCOMES: readonly DoorCommandOutcome[] = ['opened', 'alreadyOpen'];

export interface DoorCommandResult {
  commandId: string;
  placeId: number;
  doorNumber: number;
  outcome: DoorCommandOutcome;
  /** True for opened and alreadyOpen: the door is open for the person waiting at it. */
  ok: boolean;
  /** Why it failed: noAck, noResult, unknownController, unknownDoor, sendFailed, controllerOffline, or the controller's own reason. */
  reason: string | null;
  requestedAt: Date;
  sentAt: Date | null;
  acknowledgedAt: Date | null;
  finishedAt: Date;
}

export interface DoorState {
  doorNumber: number;
  status: DoorStatus;
  /** The sensor; null while unknown (offline or not yet reported). */
  open: boolean | null;
  tags: string[];
  /** Controller time of the last report about this door. */
  updatedAt: Date | null;
}

export interface ControllerState {
  placeId: number;
  online: boolean;
  lastHeartbeatAt: Date | null;
  lastSeenAt: Date | null;
  doors: DoorState[];
}

/**
 * announced: the controller said it is online; seen: any message after silence; heartbeatTimeout:
 * silent past `offlineAfterMs`; disconnected: its connection state turned offline (a goodbye, or the
 * broker's last will when the link dropped); brokerDisconnected: the server itself lost the broker.
 */
export type ControllerChangeReason =
  'announced' | 'seen' | 'heartbeatTimeout' | 'disconnected' | 'brokerDisconnected';

export interface DoorStateEvent {
  type: 'doorState';
  placeId: number;
  doorNumber: number;
  status: DoorStatus;
  previousStatus: DoorStatus;
  open: boolean | null;
  /** False for a person pulling the door, auto-close, going offline: with status 1 that is the alert. */
  commanded: boolean;
  commandId: string | null;
  at: Date;
}

export interface TagEvent {
  type: 'tag';
  placeId: number;
  doorNumber: number;
  tagId: string;
  present: boolean;
  at: Date;
}

export interface HeartbeatEvent {
  type: 'heartbeat';
  placeId: number;
  uptimeMs: number;
  at: Date;
}

export interface ControllerEvent {
  type: 'controller';
  placeId: number;
  online: boolean;
  reason: ControllerChangeReason;
  at: Date;
}

export interface CommandEvent {
  type: 'command';
  commandId: string;
  placeId: number;
  doorNumber: number;
  stage: CommandStage | DoorCommandOutcome;
  reason: string | null;
  at: Date;
}

export type LockerDriverEvent = DoorStateEvent | TagEvent | HeartbeatEvent | ControllerEvent | CommandEvent;
export type LockerDriverListener = (event: LockerDriverEvent) => void;

export interface DriverTiming {
  /** From sending a command to its acknowledgement. */
  ackTimeoutMs: number;
  /** From the acknowledgement to the outcome; must exceed the controller's open latency. */
  resultTimeoutMs: number;
  /** Silence (no heartbeat or any message) longer than this marks the controller offline. */
  offlineAfterMs: number;
}

export const DEFAULT_DRIVER_TIMING: DriverTiming = {
  ackTimeoutMs: 3000,
  resultTimeoutMs: 10_000,
  offlineAfterMs: 15_000,
};
