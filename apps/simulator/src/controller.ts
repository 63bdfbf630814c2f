import {
  DOOR_STATUS,
  type ControllerSequence,
  type DeviceCommand,
  type DeviceCommandOutcome,
  type DeviceConfig,
  type DeviceSnapshot,
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
import { ControllerOutbox, nextBoot, type ControllerListener } from './controller-outbox.js';
import { DoorMechanics } from './door-mechanics.js';
import { doorsFrom, newDoor, type SimDoor } from './sim-door.js';

export type { ControllerListener } from './controller-outbox.js';

/** One simulated locker controller: doors with sensors and RFID readers, no I/O of its own. */
export class SimulatedController {
  readonly placeId: number;
  private readonly clock: Clock;
  private timing: SimulatorTiming;
  private readonly doors: Map<number, SimDoor>;
  /** The wall's exterior door (door 0 inside, never in `doors`), when it has one. */
  private readonly exterior: SimDoor | null;
  private readonly controllerFaults = new Set<SimulatorFault>();
  private readonly outbox: ControllerOutbox;
  private readonly mechanics: DoorMechanics;
  private heartbeatTimer: TimerHandle | null = null;
  private startedAt = 0;
  private running = false;
  /** This run's boot (docs/devices.md, "Sequence numbers"). */
  readonly boot: number;

  constructor(options: SimulatedControllerOptions) {
    this.placeId = options.placeId;
    this.clock = options.clock ?? systemClock;
    this.timing = { ...DEFAULT_SIMULATOR_TIMING, ...definedOnly(options) };
    this.doors = doorsFrom(options);
    this.exterior = options.exteriorDoor ? newDoor(0) : null;
    this.boot = options.boot ?? nextBoot(this.clock.now());
    this.outbox = new ControllerOutbox(
      this.boot,
      () => !this.running || this.controllerFaults.has('offline'),
    );
    this.mechanics = new DoorMechanics({
      clock: this.clock,
      timing: () => this.timing,
      isExterior: (door) => door === this.exterior,
      jammed: () => this.controllerFaults.has('jam'),
      event: (payload) => this.outbox.event(payload),
      publishSnapshot: () => this.publishSnapshot(),
    });
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
    return this.outbox.onMessage(listener);
  }

  /** Unlike onMessage, also called while the controller is silent (offline fault). */
  observe(listener: ControllerListener): () => void {
    return this.outbox.observe(listener);
  }

  /**
   * Opens a door by the controller's own decision (a credential checked locally): no command, no
   * ack or result on the wire, only the door's own event. Works whatever the link to the server.
   */
  openLocally(doorNumber: number): Promise<DeviceCommandOutcome> {
    const door = this.doors.get(doorNumber);
    if (!door || !this.running) return Promise.resolve('failed');
    return this.mechanics.openLocally(door);
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
    this.outbox.emit({ topic: 'connection', payload: { online: false, at: this.clock.now() } });
    this.running = false;
    if (this.heartbeatTimer) this.clock.clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    for (const door of this.allDoors()) this.mechanics.clearDoorTimers(door);
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
  snapshot(seq = this.outbox.seq): DeviceSnapshot {
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
      this.outbox.event({ type: 'ack', commandId: command.commandId, at: this.clock.now() });
      this.publishSnapshot();
      return;
    }
    if (command.action === 'openExterior') {
      const door = this.exterior;
      if (door?.faults?.has('timeout')) return;
      this.outbox.event({ type: 'ack', commandId: command.commandId, at: this.clock.now() });
      if (!door) this.mechanics.result(command.commandId, undefined, 'failed', 'noExteriorDoor');
      else if (door.open) this.mechanics.result(command.commandId, undefined, 'alreadyOpen');
      else {
        if (door.pending.length === 0) door.purpose = command.purpose;
        this.mechanics.queueOpening(door, command.commandId);
      }
      return;
    }
    const door = this.doors.get(command.door);
    if (door?.faults?.has('timeout')) return;
    this.outbox.event({
      type: 'ack',
      commandId: command.commandId,
      door: command.door,
      at: this.clock.now(),
    });
    if (!door) {
      this.mechanics.result(command.commandId, command.door, 'failed', 'unknownDoor');
      return;
    }
    if (door.open) {
      this.mechanics.result(command.commandId, door.door, 'alreadyOpen');
      return;
    }
    this.mechanics.queueOpening(door, command.commandId);
  }

  /** A person pulls the door open with no command: the uncommanded-open alert. */
  openByHand(ref: DoorRef): void {
    const door = this.door(ref);
    if (door.open) return;
    this.mechanics.setDoor(door, true, DOOR_STATUS.ALERT_UNCOMMANDED);
  }

  closeByHand(ref: DoorRef): void {
    const door = this.door(ref);
    // Closing a jammed door by hand stands for someone checking it: the alert clears.
    if (!door.open && door.status !== DOOR_STATUS.ALERT_JAMMED) return;
    this.mechanics.setDoor(door, false, DOOR_STATUS.CLOSED);
  }

  placeTag(doorNumber: number, tagId: string): void {
    const door = this.door(doorNumber);
    door.tags ??= new Set();
    if (door.tags.has(tagId)) return;
    door.tags.add(tagId);
    this.outbox.event({ type: 'tag', door: door.door, tagId, present: true, at: this.clock.now() });
    this.publishSnapshot();
  }

  removeTag(doorNumber: number, tagId: string): void {
    const door = this.door(doorNumber);
    if (!door.tags?.delete(tagId)) return;
    this.outbox.event({ type: 'tag', door: door.door, tagId, present: false, at: this.clock.now() });
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

  /** Tells listeners the controller is up, with a fresh snapshot and heartbeat (on start and reconnect). */
  announce(): void {
    this.outbox.emit({
      topic: 'connection',
      payload: { online: true, boot: this.boot, at: this.clock.now() },
    });
    this.publishSnapshot();
    this.heartbeat();
  }

  private heartbeat(): void {
    this.outbox.event({
      type: 'heartbeat',
      uptimeMs: this.clock.now() - this.startedAt,
      at: this.clock.now(),
    });
  }

  /** Takes the next sequence number, for a message or for a journal entry of its own (one history). */
  nextSequence(): ControllerSequence {
    return this.outbox.nextSequence();
  }

  private publishSnapshot(): void {
    this.outbox.emit({ topic: 'doors', payload: this.snapshot(this.nextSequence().seq) });
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
