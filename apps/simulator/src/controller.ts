import {
  DOOR_STATUS,
  type ControllerMessage,
  type ControllerSequence,
  type DeviceCommand,
  type DeviceCommandOutcome,
  type DeviceConfig,
  type DeviceDoorStatus,
  type DeviceEvent,
  type DeviceSnapshot,
  type ExteriorPurpose,
} from '@cacifo/contract';
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import {
  DEFAULT_SIMULATOR_TIMING,
  definedOnly,
  type DoorFault,
  type DoorRef,
  type FaultState,
  type SimulatedControllerOptions,
  type SimulatorFault,
  type SimulatorTiming,
} from './options.js';

interface SimDoor {
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

export type ControllerListener = (message: ControllerMessage) => void;

/** Pending ids of doors the controller opens by itself; never sent as a commandId. */
const LOCAL_OPEN = 'local:';

/** An event as the controller logic makes it; `event()` stamps the sequence. */
type UnsequencedEvent = DeviceEvent extends infer E
  ? E extends DeviceEvent
    ? Omit<E, 'boot' | 'seq'>
    : never
  : never;

/** Boots handed out in this process: two controllers started in the same millisecond still differ. */
let lastBoot = -1;
function nextBoot(now: number): number {
  lastBoot = Math.max(now, lastBoot + 1);
  return lastBoot;
}

/** One simulated locker controller: doors with sensors and RFID readers, no I/O of its own. */
export class SimulatedController {
  readonly placeId: number;
  private readonly clock: Clock;
  private timing: SimulatorTiming;
  private readonly doors = new Map<number, SimDoor>();
  /** The wall's exterior door (door 0 inside, never in `doors`), when it has one. */
  private readonly exterior: SimDoor | null;
  private readonly controllerFaults = new Set<SimulatorFault>();
  private readonly listeners = new Set<ControllerListener>();
  /** See everything the controller does, even what nobody hears (the offline agent journals it). */
  private readonly observers = new Set<ControllerListener>();
  /** Doors opened by the controller's own decision (offline agent), waiting for their outcome. */
  private readonly localWaiters = new Map<string, (outcome: DeviceCommandOutcome) => void>();
  private localOpens = 0;
  private heartbeatTimer: TimerHandle | null = null;
  private startedAt = 0;
  private running = false;
  /** This run's boot and the last sequence number used (docs/devices.md, "Sequence numbers"). */
  readonly boot: number;
  private seq = 0;

  constructor(options: SimulatedControllerOptions) {
    this.placeId = options.placeId;
    this.clock = options.clock ?? systemClock;
    this.timing = { ...DEFAULT_SIMULATOR_TIMING, ...definedOnly(options) };
    const numbers =
      typeof options.doors === 'number'
        ? Array.from({ length: options.doors }, (_, i) => i + 1)
        : [...options.doors];
    for (const door of numbers) this.doors.set(door, newDoor(door));
    for (const [door, tags] of options.tags ?? []) {
      const d = this.doors.get(door);
      if (d && tags.length > 0) d.tags = new Set(tags);
    }
    this.exterior = options.exteriorDoor ? newDoor(0) : null;
    this.boot = options.boot ?? nextBoot(this.clock.now());
  }

  get hasExteriorDoor(): boolean {
    return this.exterior !== null;
  }

  get doorNumbers(): number[] {
    return [...this.doors.keys()];
  }

  get isRunning(): boolean {
    return this.running;
  }

  onMessage(listener: ControllerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Unlike onMessage, also called while the controller is silent (offline fault). */
  observe(listener: ControllerListener): () => void {
    this.observers.add(listener);
    return () => this.observers.delete(listener);
  }

  /**
   * Opens a door by the controller's own decision (a credential checked locally): no command, no
   * ack or result on the wire, only the door's own event. Works whatever the link to the server.
   */
  openLocally(doorNumber: number): Promise<DeviceCommandOutcome> {
    const door = this.doors.get(doorNumber);
    if (!door || !this.running) return Promise.resolve('failed');
    if (door.open) return Promise.resolve('alreadyOpen');
    const id = `${LOCAL_OPEN}${++this.localOpens}`;
    return new Promise((resolve) => {
      this.localWaiters.set(id, resolve);
      this.queueOpening(door, id);
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = this.clock.now();
    this.heartbeatTimer = this.clock.setInterval(() => this.heartbeat(), this.timing.heartbeatIntervalMs);
    this.announce();
  }

  /** A graceful stop says goodbye (connection offline), unlike the offline fault. */
  stop(): void {
    if (!this.running) return;
    this.emit({ topic: 'connection', payload: { online: false, at: this.clock.now() } });
    this.running = false;
    if (this.heartbeatTimer) this.clock.clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    for (const door of this.allDoors()) this.clearDoorTimers(door);
  }

  /** The server's config (retained topic): the left-open threshold and the heartbeat period. */
  applyConfig(config: DeviceConfig): void {
    if (config.placeId !== this.placeId) return;
    this.setTiming({
      leftOpenAfterMs: config.leftOpenAfterMs,
      heartbeatIntervalMs: config.heartbeatIntervalMs,
    });
  }

  setTiming(timing: Partial<SimulatorTiming>): void {
    this.timing = { ...this.timing, ...definedOnly(timing) };
    // null is a value here (never), which definedOnly keeps; only undefined leaves a key alone.
    if (this.running && timing.heartbeatIntervalMs !== undefined && this.heartbeatTimer) {
      this.clock.clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = this.clock.setInterval(() => this.heartbeat(), this.timing.heartbeatIntervalMs);
    }
  }

  getTiming(): SimulatorTiming {
    return { ...this.timing };
  }

  /** The current state, stamped with the last sequence number used (published ones take the next). */
  snapshot(seq = this.seq): DeviceSnapshot {
    return {
      placeId: this.placeId,
      boot: this.boot,
      seq,
      at: this.clock.now(),
      doors: [...this.doors.values()].map((d) => ({
        door: d.door,
        status: d.status,
        open: d.open,
        tags: d.tags ? [...d.tags] : [],
      })),
      ...(this.exterior ? { exterior: { status: this.exterior.status, open: this.exterior.open } } : {}),
    };
  }

  handleCommand(command: DeviceCommand): void {
    if (!this.running || this.controllerFaults.has('offline') || this.controllerFaults.has('timeout')) return;
    if (command.action === 'snapshot') {
      this.event({ type: 'ack', commandId: command.commandId, at: this.clock.now() });
      this.publishSnapshot();
      return;
    }
    if (command.action === 'openExterior') {
      const door = this.exterior;
      if (door?.faults?.has('timeout')) return;
      this.event({ type: 'ack', commandId: command.commandId, at: this.clock.now() });
      if (!door) this.result(command.commandId, undefined, 'failed', 'noExteriorDoor');
      else if (door.open) this.result(command.commandId, undefined, 'alreadyOpen');
      else {
        if (door.pending.length === 0) door.purpose = command.purpose;
        this.queueOpening(door, command.commandId);
      }
      return;
    }
    const door = this.doors.get(command.door);
    if (door?.faults?.has('timeout')) return;
    this.event({ type: 'ack', commandId: command.commandId, door: command.door, at: this.clock.now() });
    if (!door) {
      this.result(command.commandId, command.door, 'failed', 'unknownDoor');
      return;
    }
    if (door.open) {
      this.result(command.commandId, door.door, 'alreadyOpen');
      return;
    }
    this.queueOpening(door, command.commandId);
  }

  /** A person pulls the door open with no command: the uncommanded-open alert. */
  openByHand(ref: DoorRef): void {
    const door = this.door(ref);
    if (door.open) return;
    this.setDoor(door, true, DOOR_STATUS.ALERT_UNCOMMANDED);
  }

  closeByHand(ref: DoorRef): void {
    const door = this.door(ref);
    // Closing a jammed door by hand stands for someone checking it: the alert clears.
    if (!door.open && door.status !== DOOR_STATUS.ALERT_JAMMED) return;
    this.setDoor(door, false, DOOR_STATUS.CLOSED);
  }

  placeTag(doorNumber: number, tagId: string): void {
    const door = this.door(doorNumber);
    door.tags ??= new Set();
    if (door.tags.has(tagId)) return;
    door.tags.add(tagId);
    this.event({ type: 'tag', door: door.door, tagId, present: true, at: this.clock.now() });
    this.publishSnapshot();
  }

  removeTag(doorNumber: number, tagId: string): void {
    const door = this.door(doorNumber);
    if (!door.tags?.delete(tagId)) return;
    this.event({ type: 'tag', door: door.door, tagId, present: false, at: this.clock.now() });
    this.publishSnapshot();
  }

  /** Without a door the fault applies to the whole controller. */
  setFault(fault: SimulatorFault, ref?: DoorRef): void {
    if (ref === undefined) {
      this.controllerFaults.add(fault);
      return;
    }
    if (fault === 'offline') throw new Error('offline is a controller fault, not a door fault');
    (this.door(ref).faults ??= new Set()).add(fault);
  }

  /** Without arguments clears every fault; coming back from offline re-announces the controller. */
  clearFault(fault?: SimulatorFault, ref?: DoorRef): void {
    const wasOffline = this.controllerFaults.has('offline');
    if (ref !== undefined) {
      const faults = this.door(ref).faults;
      if (fault) faults?.delete(fault as DoorFault);
      else faults?.clear();
    } else if (fault) {
      this.controllerFaults.delete(fault);
    } else {
      this.controllerFaults.clear();
      for (const door of this.allDoors()) door.faults?.clear();
    }
    if (wasOffline && !this.controllerFaults.has('offline') && this.running) this.announce();
  }

  faults(): FaultState {
    const doors: Record<number, DoorFault[]> = {};
    for (const door of this.doors.values()) if (door.faults?.size) doors[door.door] = [...door.faults];
    const exterior = this.exterior?.faults?.size ? { exterior: [...this.exterior.faults] } : {};
    return { controller: [...this.controllerFaults], doors, ...exterior };
  }

  private queueOpening(door: SimDoor, commandId: string): void {
    door.pending.push(commandId);
    door.openingTimer ??= this.clock.setTimeout(() => this.finishOpening(door), this.timing.openLatencyMs);
  }

  private finishOpening(door: SimDoor): void {
    door.openingTimer = null;
    const [first, ...rest] = door.pending.splice(0);
    if (first === undefined) return;
    const target = door === this.exterior ? undefined : door.door;
    let outcome: DeviceCommandOutcome;
    if (door.open) outcome = 'alreadyOpen';
    else if (door.faults?.has('jam') || this.controllerFaults.has('jam')) {
      outcome = 'jammed';
      this.setDoor(door, false, DOOR_STATUS.ALERT_JAMMED, first);
    } else {
      outcome = 'opened';
      this.setDoor(door, true, DOOR_STATUS.OPEN, first);
    }
    for (const commandId of [first, ...rest]) this.result(commandId, target, outcome);
    door.purpose = null;
  }

  private setDoor(door: SimDoor, open: boolean, status: DeviceDoorStatus, commandId?: string): void {
    const wasOpen = door.open;
    door.open = open;
    door.status = status;
    if (open && !wasOpen) this.scheduleWhileOpen(door);
    if (!open) this.clearDoorTimers(door, false);
    const caused = commandId && !commandId.startsWith(LOCAL_OPEN) ? { commandId } : {};
    if (door === this.exterior) {
      const purpose = commandId && door.purpose ? { purpose: door.purpose } : {};
      this.event({ type: 'exteriorDoor', status, open, ...caused, ...purpose, at: this.clock.now() });
    } else this.event({ type: 'door', door: door.door, status, open, ...caused, at: this.clock.now() });
    this.publishSnapshot();
  }

  private scheduleWhileOpen(door: SimDoor): void {
    const { autoCloseMs, leftOpenAfterMs } = this.timing;
    if (autoCloseMs !== null) {
      door.autoCloseTimer = this.clock.setTimeout(() => {
        door.autoCloseTimer = null;
        if (door.open) this.setDoor(door, false, DOOR_STATUS.CLOSED);
      }, autoCloseMs);
    }
    if (leftOpenAfterMs !== null) {
      door.leftOpenTimer = this.clock.setTimeout(() => {
        door.leftOpenTimer = null;
        if (door.open && door.status === DOOR_STATUS.OPEN) {
          this.setDoor(door, true, DOOR_STATUS.ALERT_LEFT_OPEN);
        }
      }, leftOpenAfterMs);
    }
  }

  private clearDoorTimers(door: SimDoor, includeOpening = true): void {
    if (door.autoCloseTimer) this.clock.clearTimeout(door.autoCloseTimer);
    if (door.leftOpenTimer) this.clock.clearTimeout(door.leftOpenTimer);
    door.autoCloseTimer = door.leftOpenTimer = null;
    if (includeOpening && door.openingTimer) {
      this.clock.clearTimeout(door.openingTimer);
      door.openingTimer = null;
      for (const id of door.pending) this.localWaiters.get(id)?.('failed');
      door.pending = [];
    }
  }

  /** Tells listeners the controller is up, with a fresh snapshot and heartbeat (on start and reconnect). */
  announce(): void {
    this.emit({ topic: 'connection', payload: { online: true, boot: this.boot, at: this.clock.now() } });
    this.publishSnapshot();
    this.heartbeat();
  }

  private heartbeat(): void {
    this.event({ type: 'heartbeat', uptimeMs: this.clock.now() - this.startedAt, at: this.clock.now() });
  }

  /** `door` is absent for the exterior door. */
  private result(
    commandId: string,
    door: number | undefined,
    outcome: DeviceCommandOutcome,
    reason?: string,
  ): void {
    const local = this.localWaiters.get(commandId);
    if (local) {
      this.localWaiters.delete(commandId);
      local(outcome);
      return;
    }
    this.event({
      type: 'commandResult',
      commandId,
      ...(door === undefined ? {} : { door }),
      outcome,
      ...(reason ? { reason } : {}),
      at: this.clock.now(),
    });
  }

  /** Takes the next sequence number, for a message or for a journal entry of its own (one history). */
  nextSequence(): ControllerSequence {
    return { boot: this.boot, seq: ++this.seq };
  }

  private publishSnapshot(): void {
    this.emit({ topic: 'doors', payload: this.snapshot(this.nextSequence().seq) });
  }

  private event(payload: UnsequencedEvent): void {
    this.emit({ topic: 'event', payload: { ...payload, ...this.nextSequence() } as DeviceEvent });
  }

  /** An offline controller still changes physically but tells nobody. */
  private emit(message: ControllerMessage): void {
    for (const observer of this.observers) observer(message);
    if (!this.running || this.controllerFaults.has('offline')) return;
    for (const listener of this.listeners) listener(message);
  }

  private door(ref: DoorRef): SimDoor {
    const door = ref === 'exterior' ? this.exterior : this.doors.get(ref);
    if (!door) throw new Error(`Place ${this.placeId} has no door ${ref}`);
    return door;
  }

  private allDoors(): SimDoor[] {
    return this.exterior ? [...this.doors.values(), this.exterior] : [...this.doors.values()];
  }
}

function newDoor(door: number): SimDoor {
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
