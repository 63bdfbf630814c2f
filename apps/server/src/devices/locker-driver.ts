import type {
  DeviceCredentialDelta,
  DeviceCredentialSet,
  DeviceJournalEntry,
  DoorStatus,
  ExteriorPurpose,
} from '@cacifo/contract';

/** `doorNumber` of a command or event about the wall's exterior door, which has no locker. */
export const EXTERIOR_DOOR = 0;

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
  /** Opens the wall's exterior (courier/street) door; the result's doorNumber is EXTERIOR_DOOR. */
  openExterior(placeId: number, purpose: ExteriorPurpose): Promise<DoorCommandResult>;
  /** What every controller is told (retained config topic): sent now and to each one registered later. */
  configure(settings: ControllerSettings): void;
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
  /** The server's own link to the broker (MQTT only; null for the in-process simulator). */
  brokerLink(): BrokerLink | null;
  /**
   * Hands a place's controller its credential set (retained) and, when given, the delta from the
   * set before (docs/adr/0125). Never rejects: a controller away reads the retained set later.
   */
  publishCredentials(
    placeId: number,
    set: DeviceCredentialSet,
    delta: DeviceCredentialDelta | null,
  ): Promise<void>;
  /** Tells a controller these journal entries are applied, so it drops them. Never rejects. */
  acknowledgeJournal(placeId: number, entries: ReadonlyArray<{ boot: number; seq: number }>): Promise<void>;
  /** The listener runs synchronously for every event; the returned function unsubscribes. */
  subscribe(listener: LockerDriverListener): () => void;
  close(): Promise<void>;
}

export interface ControllerSettings {
  /** A commanded door still open this long turns to status 11 (raised by the controller); null never. */
  leftOpenAfterMs: number | null;
}

export interface ControllerRegistration {
  placeId: number;
  doors: readonly number[];
  /**
   * In-process simulator only: tags its readers start with (door -> tag ids), what the database says
   * is stored, so simulated hardware keeps its contents across a restart as real hardware does.
   */
  simulatedTags?: ReadonlyMap<number, readonly string[]>;
}

/** The server's link to the broker and since when it is in that state (issue #32). */
export interface BrokerLink {
  /** The broker's address without credentials. */
  url: string;
  connected: boolean;
  /** When the link last went up or down (the driver's start while it never connected). */
  since: Date;
}

/** Stages a command passes before its outcome (DECISIONS "States"). */
type CommandStage = 'requested' | 'sent' | 'acknowledged';
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

interface DoorState {
  doorNumber: number;
  status: DoorStatus;
  /** The sensor; null while unknown (offline or not yet reported). */
  open: boolean | null;
  tags: string[];
  /** Controller time of the last report about this door. */
  updatedAt: Date | null;
}

interface ExteriorDoorState {
  status: DoorStatus;
  open: boolean | null;
}

export interface ControllerState {
  placeId: number;
  online: boolean;
  lastHeartbeatAt: Date | null;
  lastSeenAt: Date | null;
  doors: DoorState[];
  /** The wall's exterior door, once a snapshot said the controller has one. */
  exterior: ExteriorDoorState | null;
  /** Messages from this controller dropped as malformed since start (each one logged). */
  rejectedMessages: number;
}

/**
 * announced: the controller said it is online; seen: any message after silence; heartbeatTimeout:
 * silent past `offlineAfterMs`; neverSeen: not heard at all within `offlineAfterMs` of being
 * registered (server start); disconnected: its connection state turned offline (a goodbye, or the
 * broker's last will when the link dropped); brokerDisconnected: the server itself lost the broker.
 */
export type ControllerChangeReason =
  'announced' | 'seen' | 'heartbeatTimeout' | 'neverSeen' | 'disconnected' | 'brokerDisconnected';

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
  /**
   * Shared subscriptions only (ADR 0141): the controller report this status came from, judged
   * against the row, not against this instance's memory. `event`: a door event (recorded when the
   * row's reported status differs); `snapshot`: the door's state in a snapshot (sets the state,
   * records nothing: its changes come as events); `derived`: drawn by the server from the report
   * the row holds (alert 1).
   */
  sequence?: { boot: number; seq: number; kind: 'event' | 'snapshot' | 'derived' };
}

export interface TagEvent {
  type: 'tag';
  placeId: number;
  doorNumber: number;
  tagId: string;
  present: boolean;
  at: Date;
}

/**
 * Every tag a controller's readers see, from the first snapshot after it came (back) online:
 * subscribers compare it with what they stored (tags believed present that are not here are gone).
 */
interface TagSnapshotEvent {
  type: 'tagSnapshot';
  placeId: number;
  tags: Array<{ doorNumber: number; tagId: string }>;
  at: Date;
}

/** The wall's exterior door changed; like DoorStateEvent, with the purpose of the command that opened it. */
export interface ExteriorDoorEvent {
  type: 'exteriorDoor';
  placeId: number;
  status: DoorStatus;
  previousStatus: DoorStatus;
  open: boolean | null;
  commanded: boolean;
  commandId: string | null;
  purpose: ExteriorPurpose | null;
  at: Date;
}

interface HeartbeatEvent {
  type: 'heartbeat';
  placeId: number;
  uptimeMs: number;
  at: Date;
}

interface ControllerEvent {
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

/** An entry of a controller's journal: what it did on its own (docs/adr/0125); may come more than once. */
export interface JournalEvent {
  type: 'journal';
  placeId: number;
  entry: DeviceJournalEntry;
  receivedAt: Date;
}

/**
 * The server lost (`connected: false`) or regained its broker link. `downSince` on a regain: when
 * it was lost. Not emitted for the first connection, nor for the driver's own close.
 */
export interface BrokerEvent {
  type: 'broker';
  url: string;
  connected: boolean;
  downSince: Date | null;
  at: Date;
}

export type LockerDriverEvent =
  | BrokerEvent
  | JournalEvent
  | DoorStateEvent
  | TagEvent
  | TagSnapshotEvent
  | ExteriorDoorEvent
  | HeartbeatEvent
  | ControllerEvent
  | CommandEvent;
export type LockerDriverListener = (event: LockerDriverEvent) => void;

export interface DriverTiming {
  /** From sending a command to its acknowledgement. */
  ackTimeoutMs: number;
  /** From the acknowledgement to the outcome; must exceed the controller's open latency. */
  resultTimeoutMs: number;
  /**
   * Silence (no heartbeat or any message) longer than this marks the controller offline; a
   * controller not heard at all this long after it was registered is offline too. Controllers are
   * told to beat every third of it.
   */
  offlineAfterMs: number;
  /** A controller timestamp further than this from the receive time is replaced by the receive time. */
  maxClockSkewMs: number;
  /**
   * How long a result `opened` waits for the commanded door's own event (and a door event trailing
   * its result is still credited): without it the command ends `failed`, `unconfirmed`.
   */
  confirmGraceMs: number;
  /**
   * How long a door that opened with no command of ours waits for the wall's journal to name the
   * local access that opened it, before it turns to alert 1. Null: a server heartbeat period plus
   * 3 s (a controller sends its journal at the first server heartbeat it hears).
   */
  unsolicitedGraceMs: number | null;
}

export const DEFAULT_DRIVER_TIMING: DriverTiming = {
  ackTimeoutMs: 3000,
  resultTimeoutMs: 10_000,
  offlineAfterMs: 15_000,
  maxClockSkewMs: 5 * 60_000,
  confirmGraceMs: 2000,
  unsolicitedGraceMs: null,
};

/** The heartbeat period controllers are asked for: three beats fit in the offline threshold. */
export function heartbeatIntervalFor(timing: Pick<DriverTiming, 'offlineAfterMs'>): number {
  return Math.max(1, Math.floor(timing.offlineAfterMs / 3));
}

/** The part of a pino logger the drivers use; the devices plugin hands them app.log. */
export interface DriverLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}
