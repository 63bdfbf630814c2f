import { randomUUID } from 'node:crypto';
import {
  compareSequence,
  DOOR_STATUS,
  type ControllerSequence,
  type ControllerMessage,
  type DeviceCommand,
  type DeviceConfig,
  type DeviceCredentialDelta,
  type DeviceCredentialSet,
  type DeviceEvent,
  type DeviceJournalAck,
  type DeviceJournalEntry,
  type ExteriorPurpose,
  type ServerHeartbeat,
} from '@cacifo/contract';
import { systemClock, type Clock, type TimerHandle } from '@cacifo/simulator';
import {
  DEFAULT_DRIVER_TIMING,
  EXTERIOR_DOOR,
  type BrokerLink,
  heartbeatIntervalFor,
  type ControllerChangeReason,
  type ControllerRegistration,
  type ControllerSettings,
  type ControllerState,
  type DoorCommandResult,
  type DriverLogger,
  type DriverTiming,
  type LockerDriver,
  type LockerDriverEvent,
  type LockerDriverListener,
} from './locker-driver.js';
import { CommandTracker, type IssuedCommand } from './command-tracker.js';
import { DeviceWarnings } from './device-warnings.js';
import { TrackedController } from './tracked-controller.js';

type DoorEvent = Extract<DeviceEvent, { type: 'door' }>;
type ResultEvent = Extract<DeviceEvent, { type: 'commandResult' }>;

export interface ProtocolDriverOptions {
  timing?: Partial<DriverTiming>;
  clock?: Clock;
  /** Where malformed messages and skewed clocks are reported (warn); silent without one. */
  logger?: DriverLogger;
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
  private readonly commands: CommandTracker;
  private readonly watchdog: TimerHandle;
  protected readonly warnings: DeviceWarnings;
  protected readonly logger: DriverLogger | undefined;
  private settings: ControllerSettings = { leftOpenAfterMs: null };
  /** Tells controllers a server is there (docs/adr/0125): without it they know they work alone. */
  private readonly serverBeat: TimerHandle;
  private readonly instance = randomUUID().slice(0, 8);
  /** Doors that opened with no command of ours, waiting for the wall's journal to explain them. */
  private readonly unexplained = new Map<string, ControllerSequence & { timer: TimerHandle }>();
  /** Per door (`place:door`): the latest access the wall journalled, and whether it explained an open. */
  private readonly journalledAccess = new Map<string, ControllerSequence & { used: boolean }>();
  private readonly unsolicitedGraceMs: number;

  constructor(options: ProtocolDriverOptions = {}) {
    this.timing = { ...DEFAULT_DRIVER_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.warnings = new DeviceWarnings(this.clock, options.logger);
    this.logger = options.logger;
    this.commands = new CommandTracker(this.clock, (event) => this.emit(event), this.timing.confirmGraceMs);
    this.unsolicitedGraceMs = this.timing.unsolicitedGraceMs ?? heartbeatIntervalFor(this.timing) + 3000;
    const every = Math.max(10, Math.min(1000, Math.floor(this.timing.offlineAfterMs / 4)));
    this.watchdog = this.clock.setInterval(() => this.checkHeartbeats(), every);
    this.serverBeat = this.clock.setInterval(() => void this.beat(), heartbeatIntervalFor(this.timing));
  }

  /** Hands a command to the transport; throwing means it was not sent. */
  protected abstract send(placeId: number, command: DeviceCommand): Promise<void> | void;
  /** Hands the config to the controller (MQTT: the retained config topic). */
  protected abstract sendConfig(placeId: number, config: DeviceConfig): Promise<void> | void;
  protected abstract attach(placeId: number): Promise<void> | void;
  protected abstract detach(placeId: number): Promise<void> | void;
  protected abstract shutdown(): Promise<void> | void;
  /** The credential set (retained) and its delta; throwing means it was not sent. */
  protected abstract sendCredentials(
    placeId: number,
    set: DeviceCredentialSet,
    delta: DeviceCredentialDelta | null,
  ): Promise<void> | void;
  protected abstract sendJournalAck(placeId: number, ack: DeviceJournalAck): Promise<void> | void;
  protected abstract sendServerHeartbeat(beat: ServerHeartbeat): Promise<void> | void;

  async publishCredentials(
    placeId: number,
    set: DeviceCredentialSet,
    delta: DeviceCredentialDelta | null,
  ): Promise<void> {
    if (!this.controllers.has(placeId)) return;
    try {
      await this.sendCredentials(placeId, set, delta);
    } catch {
      // Retained: published again when the place's set is republished (controller back, next change).
    }
  }

  async acknowledgeJournal(placeId: number, entries: ReadonlyArray<{ boot: number; seq: number }>) {
    if (entries.length === 0) return;
    try {
      await this.sendJournalAck(placeId, { placeId, entries: [...entries], at: this.clock.now() });
    } catch {
      // The controller sends the entries again; they are acknowledged again.
    }
  }

  /**
   * Transports call this with every journal entry a controller sent. Its time is the controller's,
   * past by nature (a replay after an outage), so only a future one is replaced by the receive time.
   */
  protected receiveJournal(placeId: number, entry: DeviceJournalEntry): void {
    if (!this.controllers.has(placeId)) return;
    const now = this.clock.now();
    const at = entry.at > now + this.timing.maxClockSkewMs ? now : entry.at;
    if (entry.type === 'access')
      for (const d of entry.doors) if (d.outcome === 'opened') this.accessJournalled(placeId, d.door, entry);
    if (entry.type === 'deposit' && entry.outcome === 'opened')
      this.accessJournalled(placeId, entry.door, entry);
    if (entry.type === 'door' && entry.access !== undefined)
      this.accessJournalled(placeId, entry.door, { boot: entry.boot, seq: entry.access });
    this.emit({ type: 'journal', placeId, entry: { ...entry, at }, receivedAt: new Date(now) });
  }

  private async beat(): Promise<void> {
    try {
      await this.sendServerHeartbeat({ instance: this.instance, at: this.clock.now() });
    } catch {
      // The next beat; controllers tolerate a few missed ones.
    }
  }

  async register({ placeId, doors }: ControllerRegistration): Promise<void> {
    const existing = this.controllers.get(placeId);
    const tracked = existing ?? new TrackedController(placeId, this.clock, (event) => this.emit(event));
    tracked.setDoors(doors);
    this.controllers.set(placeId, tracked);
    if (existing) return;
    await this.attach(placeId);
    await this.trySendConfig(placeId);
  }

  async unregister(placeId: number): Promise<void> {
    if (!this.controllers.delete(placeId)) return;
    this.commands.finishAll('failed', 'unknownController', placeId);
    await this.detach(placeId);
  }

  async openDoor(placeId: number, doorNumber: number): Promise<DoorCommandResult> {
    const { commandId, done } = this.commands.start(placeId, doorNumber);
    const controller = this.controllers.get(placeId);
    if (!controller) this.commands.finish(commandId, 'failed', 'unknownController');
    else if (!controller.hasDoor(doorNumber)) this.commands.finish(commandId, 'failed', 'unknownDoor');
    else if (!controller.online) this.commands.finish(commandId, 'offline', 'controllerOffline');
    else {
      this.commands.sent(commandId, this.timing.ackTimeoutMs);
      try {
        await this.send(placeId, { action: 'open', commandId, door: doorNumber, at: this.clock.now() });
      } catch {
        this.commands.finish(commandId, 'failed', 'sendFailed');
      }
    }
    return done;
  }

  async openExterior(placeId: number, purpose: ExteriorPurpose): Promise<DoorCommandResult> {
    const { commandId, done } = this.commands.start(placeId, EXTERIOR_DOOR);
    const controller = this.controllers.get(placeId);
    if (!controller) this.commands.finish(commandId, 'failed', 'unknownController');
    else if (!controller.online) this.commands.finish(commandId, 'offline', 'controllerOffline');
    else {
      this.commands.sent(commandId, this.timing.ackTimeoutMs);
      try {
        await this.send(placeId, { action: 'openExterior', commandId, purpose, at: this.clock.now() });
      } catch {
        this.commands.finish(commandId, 'failed', 'sendFailed');
      }
    }
    return done;
  }

  configure(settings: ControllerSettings): void {
    this.settings = { ...settings };
    for (const placeId of this.controllers.keys()) void this.trySendConfig(placeId);
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
    return list.filter((c): c is TrackedController => c !== undefined).map((c) => c.state());
  }

  brokerLink(): BrokerLink | null {
    return null;
  }

  controllerCounts(): { controllers: number; online: number } {
    let online = 0;
    for (const c of this.controllers.values()) if (c.online) online++;
    return { controllers: this.controllers.size, online };
  }

  subscribe(listener: LockerDriverListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.clock.clearInterval(this.watchdog);
    this.clock.clearInterval(this.serverBeat);
    for (const w of this.unexplained.values()) this.clock.clearTimeout(w.timer);
    this.unexplained.clear();
    this.commands.finishAll('failed', 'driverClosed');
    // Our own shutdown is not the controllers going offline: subscribers must not record it.
    this.listeners.clear();
    await this.shutdown();
  }

  /** The config every controller is sent (and, over MQTT, finds retained on connect). */
  protected configFor(placeId: number): DeviceConfig {
    return {
      placeId,
      leftOpenAfterMs: this.settings.leftOpenAfterMs,
      heartbeatIntervalMs: heartbeatIntervalFor(this.timing),
      at: this.clock.now(),
    };
  }

  protected async trySendConfig(placeId: number): Promise<void> {
    try {
      await this.sendConfig(placeId, this.configFor(placeId));
    } catch {
      // The MQTT driver publishes every config again when it (re)connects.
    }
  }

  /** Transports call this for a message they could not read: counted for the controller and logged. */
  protected reject(placeId: number, reason: string, details: object = {}): void {
    const controller = this.controllers.get(placeId);
    if (controller) controller.rejectedMessages++;
    this.warnings.warn(placeId, { placeId, reason, ...details }, 'device message rejected');
  }

  /** Transports call this with every message a controller sent. */
  protected receive(placeId: number, received: ControllerMessage): void {
    const controller = this.controllers.get(placeId);
    if (!controller) return;
    const message = this.clampClock(placeId, received);
    if (message.topic === 'doors' && message.payload.placeId !== placeId)
      return this.reject(placeId, 'wrongPlace', {
        topic: 'state/doors',
        namedPlaceId: message.payload.placeId,
      });
    if (message.topic === 'doors') return controller.applySnapshot(message.payload);
    if (message.topic === 'connection' && !message.payload.online)
      return this.markOffline(controller, 'disconnected');
    if (message.topic === 'connection') this.checkBoot(controller, message.payload.boot);
    const cameBack = controller.markSeen(message.topic === 'connection' ? 'announced' : 'seen');
    // What it did while we could not hear it is only in a fresh snapshot.
    if (cameBack)
      void this.trySend(placeId, { action: 'snapshot', commandId: randomUUID(), at: this.clock.now() });
    if (message.topic !== 'event') return;
    const unknownDoor = this.unknownDoor(controller, message.payload);
    if (unknownDoor === null) this.applyEvent(controller, message.payload);
    else this.reject(placeId, 'unknownDoor', { door: unknownDoor, type: message.payload.type });
  }

  /**
   * Transports call this with a command another server instance sent to a controller (every
   * instance hears every controller): the door event it causes is credited, not taken as forged.
   */
  protected heardCommand(placeId: number, command: DeviceCommand): void {
    if (command.action === 'snapshot' || !this.controllers.has(placeId)) return;
    const doorNumber = command.action === 'open' ? command.door : EXTERIOR_DOOR;
    const { ackTimeoutMs, resultTimeoutMs, confirmGraceMs } = this.timing;
    this.commands.heardForeign(
      command.commandId,
      { placeId, doorNumber },
      ackTimeoutMs + resultTimeoutMs + 2 * confirmGraceMs,
    );
  }

  /** A controller announcing a boot lower than one it used before lost its counter: believe it anew. */
  private checkBoot(controller: TrackedController, boot: number | undefined): void {
    if (boot === undefined || controller.boot === null || boot >= controller.boot) return;
    const { placeId } = controller;
    this.warnings.warn(
      placeId,
      { placeId, boot, previousBoot: controller.boot },
      'controller boot went back: its sequence starts over',
    );
    controller.restartSequence();
  }

  /** Transports call this when they lose their own link (the broker), which hides every controller. */
  protected markAllOffline(reason: ControllerChangeReason): void {
    for (const controller of this.controllers.values()) this.markOffline(controller, reason);
  }

  /**
   * A controller clock far from ours (unset RTC: 1970; drifted; wrong zone) would store events
   * decades off and make a fresh snapshot look older than the last event: its time is replaced by
   * the receive time, and the skew is logged so the controller can be fixed.
   */
  private clampClock(placeId: number, message: ControllerMessage): ControllerMessage {
    const at = message.payload.at;
    if (at === undefined) return message;
    const now = this.clock.now();
    const skewMs = at - now;
    if (Math.abs(skewMs) <= this.timing.maxClockSkewMs) return message;
    const type = message.topic === 'event' ? message.payload.type : message.topic;
    this.warnings.warn(
      placeId,
      { placeId, type, at, skewMs, receivedAt: now },
      'device clock out of sync: time replaced by the receive time',
    );
    return { ...message, payload: { ...message.payload, at: now } } as ControllerMessage;
  }

  /** A door or tag event about a door this place has no locker for (a snapshot may list extra doors). */
  private unknownDoor(controller: TrackedController, e: DeviceEvent): number | null {
    if (e.type !== 'door' && e.type !== 'tag') return null;
    return controller.hasDoor(e.door) ? null : e.door;
  }

  private applyEvent(controller: TrackedController, event: DeviceEvent): void {
    let applied = true;
    if (event.type === 'heartbeat') controller.heartbeat(event.uptimeMs, this.clock.now());
    else if (event.type === 'door') applied = this.applyDoor(controller, event);
    else if (event.type === 'exteriorDoor') {
      const credited = this.credited(controller.placeId, EXTERIOR_DOOR, event);
      applied = controller.applyExterior(credited);
      if (applied && credited.commandId) this.commands.doorSeen(credited.commandId);
      else if (applied && credited.open && credited.status === DOOR_STATUS.OPEN)
        this.watchUnsolicited(controller, EXTERIOR_DOOR, event, event.commandId, (report) =>
          controller.raiseUncommandedExterior(report),
        );
    } else if (event.type === 'tag') applied = controller.applyTag(event);
    else if (event.type === 'ack') this.commands.acknowledged(event.commandId, this.timing.resultTimeoutMs);
    else this.applyResult(controller, event);
    if (!applied) {
      const { placeId } = controller;
      const { type, boot, seq } = event;
      this.warnings.warn(
        placeId,
        { placeId, type, boot, seq, ...('door' in event ? { door: event.door } : {}) },
        'device message older than what is held: not applied',
      );
    }
  }

  /**
   * A door event is credited to a command only when this server issued that command for that
   * door; otherwise its command id is dropped (logged) and the change counts as uncommanded. An
   * open with no command turns to alert 1 unless the wall journals the access that opened it.
   */
  private applyDoor(controller: TrackedController, event: DoorEvent): boolean {
    const credited = this.credited(controller.placeId, event.door, event);
    if (!controller.applyDoor(credited)) return false;
    if (credited.commandId) this.commands.doorSeen(credited.commandId);
    else if (credited.open && credited.status === DOOR_STATUS.OPEN)
      this.watchUnsolicited(controller, event.door, event, event.commandId, (report) =>
        controller.raiseUncommanded(event.door, report),
      );
    return true;
  }

  private credited<E extends { commandId?: string | undefined }>(placeId: number, door: number, event: E): E {
    const { commandId } = event;
    if (commandId === undefined) return event;
    const issued = this.commands.issued(commandId);
    if (issued && issued.placeId === placeId && issued.doorNumber === door) return event;
    this.warnings.warn(
      placeId,
      { placeId, door, commandId, commandedDoor: issued?.doorNumber ?? null },
      issued
        ? 'door event answers a command for another door: not credited'
        : 'door event names a command this server did not issue: not credited',
    );
    const rest = { ...event };
    delete rest.commandId;
    return rest;
  }

  /**
   * A result counts only for a command in flight to this place and door; `opened` only once the
   * door's own event came (within the confirm grace), else the command is `unconfirmed` and the
   * controller is asked for a snapshot.
   */
  private applyResult(controller: TrackedController, event: ResultEvent): void {
    const { placeId } = controller;
    const issued = this.commands.inFlight(event.commandId) ? this.commands.issued(event.commandId) : null;
    const door = event.door ?? EXTERIOR_DOOR;
    if (!issued && this.commands.isForeign(event.commandId)) return; // another instance's to finish
    if (!issued || issued.placeId !== placeId || issued.doorNumber !== door) {
      this.warnings.warn(
        placeId,
        { placeId, commandId: event.commandId, door: event.door ?? null, outcome: event.outcome },
        issued
          ? 'command result names another door or place: dropped'
          : 'command result for no command in flight: dropped',
      );
      return;
    }
    const reason = event.reason ?? null;
    if (event.outcome !== 'opened') return this.commands.finish(event.commandId, event.outcome, reason);
    this.commands.finishWhenSeen(event.commandId, 'opened', reason, this.timing.confirmGraceMs, (c) =>
      this.unconfirmed(c, event.commandId),
    );
  }

  private unconfirmed(command: IssuedCommand, commandId: string): void {
    const { placeId, doorNumber } = command;
    this.warnings.warn(
      placeId,
      { placeId, door: doorNumber, commandId },
      'command result opened without the door event: unconfirmed, snapshot requested',
    );
    void this.trySend(placeId, { action: 'snapshot', commandId: randomUUID(), at: this.clock.now() });
  }

  /**
   * `door` is 0 for the exterior door. `commandId` is the one the event named, if any: an instance
   * that heard another's command only after its door event still credits it when the grace ends.
   */
  private watchUnsolicited(
    controller: TrackedController,
    door: number,
    event: ControllerSequence,
    commandId: string | undefined,
    raise: (report: ControllerSequence) => boolean,
  ): void {
    const { placeId } = controller;
    const key = `${placeId}:${door}`;
    const access = this.journalledAccess.get(key);
    if (access && !access.used && access.boot === event.boot && access.seq < event.seq) {
      access.used = true;
      return;
    }
    const previous = this.unexplained.get(key);
    if (previous) this.clock.clearTimeout(previous.timer);
    const report = { boot: event.boot, seq: event.seq };
    const timer = this.clock.setTimeout(() => {
      this.unexplained.delete(key);
      const issued = commandId === undefined ? null : this.commands.issued(commandId);
      if (issued && issued.placeId === placeId && issued.doorNumber === door) return;
      const raised = raise(report);
      this.warnings.warn(
        placeId,
        { placeId, door, ...report, alert: raised },
        raised
          ? 'door opened with no command and no access journalled: alert'
          : 'door opened with no command and no access journalled (closed since)',
      );
    }, this.unsolicitedGraceMs);
    this.unexplained.set(key, { ...report, timer });
  }

  /** The wall opened a door by its own decision (journal): an open after it is not unsolicited. */
  private accessJournalled(placeId: number, door: number, access: ControllerSequence): void {
    const key = `${placeId}:${door}`;
    const held = this.journalledAccess.get(key);
    if (held && compareSequence(access, held) <= 0) return;
    const watch = this.unexplained.get(key);
    const explains = watch !== undefined && watch.boot === access.boot && access.seq < watch.seq;
    if (explains) {
      this.clock.clearTimeout(watch.timer);
      this.unexplained.delete(key);
    }
    this.journalledAccess.set(key, { boot: access.boot, seq: access.seq, used: explains });
  }

  private markOffline(controller: TrackedController, reason: ControllerChangeReason): void {
    if (controller.markOffline(reason)) {
      this.commands.finishAll('offline', 'controllerOffline', controller.placeId);
    }
  }

  private checkHeartbeats(): void {
    const now = this.clock.now();
    for (const controller of this.controllers.values()) {
      if (controller.online && now - (controller.lastSeenAt ?? 0) > this.timing.offlineAfterMs) {
        this.markOffline(controller, 'heartbeatTimeout');
      } else if (
        controller.lastSeenAt === null &&
        now - controller.registeredAt > this.timing.offlineAfterMs
      ) {
        controller.markNeverSeen();
      }
    }
  }

  private async trySend(placeId: number, command: DeviceCommand): Promise<void> {
    try {
      await this.send(placeId, command);
    } catch {
      // Best effort: the retained snapshot or the next events will catch us up anyway.
    }
  }

  protected emit(event: LockerDriverEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // One faulty subscriber must not break the device loop for the others.
      }
    }
  }
}
