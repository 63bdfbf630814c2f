import { randomUUID } from 'node:crypto';
import {
  DOOR_STATUS,
  type ControllerMessage,
  type DeviceCommand,
  type DeviceDoor,
  type DeviceEvent,
  type DeviceSnapshot,
  type DoorStatus,
} from '@cacifo/contract';
import { systemClock, type Clock, type TimerHandle } from '@cacifo/simulator';
import {
  DEFAULT_DRIVER_TIMING,
  SUCCESSFUL_OUTCOMES,
  type ControllerChangeReason,
  type ControllerRegistration,
  type ControllerState,
  type DoorCommandOutcome,
  type DoorCommandResult,
  type DriverTiming,
  type LockerDriver,
  type LockerDriverEvent,
  type LockerDriverListener,
} from './locker-driver.js';

interface TrackedDoor {
  /** What the controller last said; shown only while the controller is online. */
  reported: DeviceDoor | null;
  reportedAt: number | null;
  /** Tags subscribers were told are present, so reconnects emit only what changed. */
  announcedTags: Set<string>;
}

interface TrackedController {
  placeId: number;
  doors: Map<number, TrackedDoor>;
  online: boolean;
  lastSeenAt: number | null;
  lastHeartbeatAt: number | null;
}

interface PendingCommand {
  result: Omit<DoorCommandResult, 'outcome' | 'ok' | 'reason' | 'finishedAt'>;
  timer: TimerHandle | null;
  resolve: (result: DoorCommandResult) => void;
}

export interface ProtocolDriverOptions {
  timing?: Partial<DriverTiming>;
  clock?: Clock;
}

/**
 * The command lifecycle, heartbeat watch and state tracking shared by every driver: subclasses only
 * carry the wire messages of docs/devices.md both ways.
 */
export abstract class ProtocolDriver implements LockerDriver {
  abstract readonly kind: LockerDriver['kind'];
  protected readonly timing: DriverTiming;
  protected readonly clock: Clock;
  protected readonly controllers = new Map<number, TrackedController>();
  private readonly listeners = new Set<LockerDriverListener>();
  private readonly pending = new Map<string, PendingCommand>();
  private readonly watchdog: TimerHandle;

  constructor(options: ProtocolDriverOptions = {}) {
    this.timing = { ...DEFAULT_DRIVER_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    const every = Math.max(10, Math.min(1000, Math.floor(this.timing.offlineAfterMs / 4)));
    this.watchdog = this.clock.setInterval(() => this.checkHeartbeats(), every);
  }

  /** Hands a command to the transport; throwing means it was not sent. */
  protected abstract send(placeId: number, command: DeviceCommand): Promise<void> | void;
  protected abstract attach(placeId: number): Promise<void> | void;
  protected abstract detach(placeId: number): Promise<void> | void;
  protected abstract shutdown(): Promise<void> | void;

  async register({ placeId, doors }: ControllerRegistration): Promise<void> {
    const existing = this.controllers.get(placeId);
    const tracked: TrackedController = existing ?? {
      placeId,
      doors: new Map(),
      online: false,
      lastSeenAt: null,
      lastHeartbeatAt: null,
    };
    const previous = tracked.doors;
    tracked.doors = new Map(
      doors.map((d) => [
        d,
        previous.get(d) ?? { reported: null, reportedAt: null, announcedTags: new Set<string>() },
      ]),
    );
    this.controllers.set(placeId, tracked);
    if (!existing) await this.attach(placeId);
  }

  async unregister(placeId: number): Promise<void> {
    if (!this.controllers.delete(placeId)) return;
    for (const [id, command] of this.pending) {
      if (command.result.placeId === placeId) this.finish(id, 'failed', 'unknownController');
    }
    await this.detach(placeId);
  }

  async openDoor(placeId: number, doorNumber: number): Promise<DoorCommandResult> {
    const commandId = randomUUID();
    const requestedAt = new Date(this.clock.now());
    const base = { commandId, placeId, doorNumber, requestedAt, sentAt: null, acknowledgedAt: null };
    const done = new Promise<DoorCommandResult>((resolve) => {
      this.pending.set(commandId, { result: base, timer: null, resolve });
    });
    this.commandEvent(commandId, 'requested');
    const controller = this.controllers.get(placeId);
    if (!controller) this.finish(commandId, 'failed', 'unknownController');
    else if (!controller.doors.has(doorNumber)) this.finish(commandId, 'failed', 'unknownDoor');
    else if (!controller.online) this.finish(commandId, 'offline', 'controllerOffline');
    else
      await this.dispatch(commandId, { action: 'open', commandId, door: doorNumber, at: this.clock.now() });
    return done;
  }

  async openMany(
    placeId: number,
    doorNumbers: readonly number[],
    options: { concurrency?: number } = {},
  ): Promise<DoorCommandResult[]> {
    const results: DoorCommandResult[] = new Array(doorNumbers.length);
    let next = 0;
    const worker = async () => {
      while (next < doorNumbers.length) {
        const index = next++;
        results[index] = await this.openDoor(placeId, doorNumbers[index]!);
      }
    };
    const workers = Math.max(1, Math.min(options.concurrency ?? 6, doorNumbers.length));
    await Promise.all(Array.from({ length: workers }, worker));
    return results;
  }

  async readStates(placeId?: number): Promise<ControllerState[]> {
    const list = placeId === undefined ? [...this.controllers.values()] : [this.controllers.get(placeId)];
    return list.filter((c): c is TrackedController => c !== undefined).map((c) => this.stateOf(c));
  }

  subscribe(listener: LockerDriverListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.clock.clearInterval(this.watchdog);
    for (const id of [...this.pending.keys()]) this.finish(id, 'failed', 'driverClosed');
    // Our own shutdown is not the controllers going offline: subscribers must not record it.
    this.listeners.clear();
    await this.shutdown();
  }

  /** Transports call this with every message a controller sent. */
  protected receive(placeId: number, message: ControllerMessage): void {
    const controller = this.controllers.get(placeId);
    if (!controller) return;
    if (message.topic === 'connection') {
      if (message.payload.online) this.markSeen(controller, 'announced');
      else this.markOffline(controller, 'lastWill');
    } else if (message.topic === 'doors') {
      this.applySnapshot(controller, message.payload);
    } else {
      this.markSeen(controller, 'seen');
      this.applyEvent(controller, message.payload);
    }
  }

  /** Transports call this when they lose their own link (the broker), which hides every controller. */
  protected markAllOffline(reason: ControllerChangeReason): void {
    for (const controller of this.controllers.values()) this.markOffline(controller, reason);
  }

  private applyEvent(controller: TrackedController, event: DeviceEvent): void {
    switch (event.type) {
      case 'heartbeat':
        controller.lastHeartbeatAt = this.clock.now();
        this.emit({
          type: 'heartbeat',
          placeId: controller.placeId,
          uptimeMs: event.uptimeMs,
          at: this.now(),
        });
        return;
      case 'ack': {
        const command = this.pending.get(event.commandId);
        if (!command || command.result.acknowledgedAt) return;
        command.result.acknowledgedAt = this.now();
        this.commandEvent(event.commandId, 'acknowledged');
        this.arm(event.commandId, this.timing.resultTimeoutMs, 'noResult');
        return;
      }
      case 'commandResult':
        this.finish(event.commandId, event.outcome, event.reason ?? null);
        return;
      case 'door': {
        const door = controller.doors.get(event.door);
        if (!door) return;
        const tags = door.reported?.tags ?? [];
        this.setReported(controller, event.door, { ...event, tags }, event.at, event.commandId ?? null);
        return;
      }
      case 'tag': {
        const door = controller.doors.get(event.door);
        if (!door?.reported) return;
        const tags = new Set(door.reported.tags);
        if (event.present) tags.add(event.tagId);
        else tags.delete(event.tagId);
        door.reported = { ...door.reported, tags: [...tags] };
        this.syncTags(controller, event.door, new Date(event.at));
      }
    }
  }

  /** The snapshot also fills what was missed while disconnected, so differences become events. */
  private applySnapshot(controller: TrackedController, snapshot: DeviceSnapshot): void {
    for (const reported of snapshot.doors) {
      const door = controller.doors.get(reported.door);
      if (!door || (door.reportedAt !== null && snapshot.at < door.reportedAt)) continue;
      this.setReported(controller, reported.door, reported, snapshot.at, null);
      this.syncTags(controller, reported.door, new Date(snapshot.at));
    }
  }

  /** Emits the difference between what the reader reports and what subscribers were last told. */
  private syncTags(controller: TrackedController, doorNumber: number, at: Date): void {
    const door = controller.doors.get(doorNumber);
    if (!controller.online || !door?.reported) return;
    const { placeId } = controller;
    const seen = new Set(door.reported.tags);
    for (const tagId of seen) {
      if (door.announcedTags.has(tagId)) continue;
      door.announcedTags.add(tagId);
      this.emit({ type: 'tag', placeId, doorNumber, tagId, present: true, at });
    }
    for (const tagId of door.announcedTags) {
      if (seen.has(tagId)) continue;
      door.announcedTags.delete(tagId);
      this.emit({ type: 'tag', placeId, doorNumber, tagId, present: false, at });
    }
  }

  private setReported(
    controller: TrackedController,
    doorNumber: number,
    reported: DeviceDoor,
    at: number,
    commandId: string | null,
  ): void {
    const door = controller.doors.get(doorNumber)!;
    const previous = this.statusOf(controller, door);
    door.reported = {
      door: doorNumber,
      status: reported.status,
      open: reported.open,
      tags: [...reported.tags],
    };
    door.reportedAt = at;
    if (controller.online && previous !== reported.status) {
      this.doorChanged(controller, doorNumber, previous, commandId, new Date(at));
    }
  }

  private doorChanged(
    controller: TrackedController,
    doorNumber: number,
    previousStatus: DoorStatus,
    commandId: string | null,
    at: Date,
  ): void {
    const door = controller.doors.get(doorNumber)!;
    this.emit({
      type: 'doorState',
      placeId: controller.placeId,
      doorNumber,
      status: this.statusOf(controller, door),
      previousStatus,
      open: controller.online ? (door.reported?.open ?? null) : null,
      commanded: commandId !== null,
      commandId,
      at,
    });
  }

  private markSeen(controller: TrackedController, reason: ControllerChangeReason): void {
    controller.lastSeenAt = this.clock.now();
    if (controller.online) return;
    controller.online = true;
    this.emit({ type: 'controller', placeId: controller.placeId, online: true, reason, at: this.now() });
    for (const [doorNumber, door] of controller.doors) {
      if (door.reported) this.doorChanged(controller, doorNumber, DOOR_STATUS.OFFLINE, null, this.now());
      this.syncTags(controller, doorNumber, this.now());
    }
    // What it did while we could not hear it is only in a fresh snapshot.
    void this.trySend(controller.placeId, {
      action: 'snapshot',
      commandId: randomUUID(),
      at: this.clock.now(),
    });
  }

  private markOffline(controller: TrackedController, reason: ControllerChangeReason): void {
    if (!controller.online) return;
    const before = new Map([...controller.doors].map(([n, d]) => [n, this.statusOf(controller, d)]));
    controller.online = false;
    this.emit({ type: 'controller', placeId: controller.placeId, online: false, reason, at: this.now() });
    for (const [doorNumber, previous] of before) {
      if (previous !== DOOR_STATUS.OFFLINE)
        this.doorChanged(controller, doorNumber, previous, null, this.now());
    }
    for (const [id, command] of this.pending) {
      if (command.result.placeId === controller.placeId) this.finish(id, 'offline', 'controllerOffline');
    }
  }

  private checkHeartbeats(): void {
    const now = this.clock.now();
    for (const controller of this.controllers.values()) {
      if (controller.online && now - (controller.lastSeenAt ?? 0) > this.timing.offlineAfterMs) {
        this.markOffline(controller, 'heartbeatTimeout');
      }
    }
  }

  private async dispatch(commandId: string, command: DeviceCommand & { action: 'open' }): Promise<void> {
    const pending = this.pending.get(commandId)!;
    pending.result.sentAt = this.now();
    this.commandEvent(commandId, 'sent');
    this.arm(commandId, this.timing.ackTimeoutMs, 'noAck');
    try {
      await this.send(pending.result.placeId, command);
    } catch {
      this.finish(commandId, 'failed', 'sendFailed');
    }
  }

  private async trySend(placeId: number, command: DeviceCommand): Promise<void> {
    try {
      await this.send(placeId, command);
    } catch {
      // Best effort: the retained snapshot or the next events will catch us up anyway.
    }
  }

  private arm(commandId: string, ms: number, reason: string): void {
    const command = this.pending.get(commandId);
    if (!command) return;
    if (command.timer) this.clock.clearTimeout(command.timer);
    command.timer = this.clock.setTimeout(() => this.finish(commandId, 'failed', reason), ms);
  }

  private finish(commandId: string, outcome: DoorCommandOutcome, reason: string | null): void {
    const command = this.pending.get(commandId);
    if (!command) return;
    this.pending.delete(commandId);
    if (command.timer) this.clock.clearTimeout(command.timer);
    const ok = SUCCESSFUL_OUTCOMES.includes(outcome);
    this.commandEvent(commandId, outcome, reason, command.result);
    command.resolve({ ...command.result, outcome, ok, reason, finishedAt: this.now() });
  }

  private commandEvent(
    commandId: string,
    stage: Extract<LockerDriverEvent, { type: 'command' }>['stage'],
    reason: string | null = null,
    result = this.pending.get(commandId)?.result,
  ): void {
    if (!result) return;
    const { placeId, doorNumber } = result;
    this.emit({ type: 'command', commandId, placeId, doorNumber, stage, reason, at: this.now() });
  }

  private stateOf(c: TrackedController): ControllerState {
    const date = (ms: number | null) => (ms === null ? null : new Date(ms));
    return {
      placeId: c.placeId,
      online: c.online,
      lastHeartbeatAt: date(c.lastHeartbeatAt),
      lastSeenAt: date(c.lastSeenAt),
      doors: [...c.doors].map(([doorNumber, d]) => ({
        doorNumber,
        status: this.statusOf(c, d),
        open: c.online ? (d.reported?.open ?? null) : null,
        tags: d.reported?.tags ?? [],
        updatedAt: date(d.reportedAt),
      })),
    };
  }

  private statusOf(controller: TrackedController, door: TrackedDoor): DoorStatus {
    return controller.online && door.reported ? door.reported.status : DOOR_STATUS.OFFLINE;
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private emit(event: LockerDriverEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One faulty subscriber must not break the device loop for the others.
      }
    }
  }
}
