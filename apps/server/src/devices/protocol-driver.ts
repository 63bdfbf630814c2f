import { randomUUID } from 'node:crypto';
import {
  type ControllerMessage,
  type DeviceCommand,
  type DeviceConfig,
  type DeviceCredentialDelta,
  type DeviceCredentialSet,
  type DeviceJournalAck,
  type DeviceJournalEntry,
  type ExteriorPurpose,
  type ServerHeartbeat,
} from '@cacifo/contract';
import { systemClock, type Clock } from '@cacifo/simulator';
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
import { CommandTracker } from './command-tracker.js';
import { DeviceWarnings } from './device-warnings.js';
import { TrackedController } from './tracked-controller.js';
import { ControllerEvents } from './controller-events.js';
import { ControllerLiveness } from './controller-liveness.js';

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
  protected readonly warnings: DeviceWarnings;
  protected readonly logger: DriverLogger | undefined;
  private settings: ControllerSettings = { leftOpenAfterMs: null };
  private readonly events: ControllerEvents;
  private readonly liveness: ControllerLiveness;

  constructor(options: ProtocolDriverOptions = {}) {
    this.timing = { ...DEFAULT_DRIVER_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.warnings = new DeviceWarnings(this.clock, options.logger);
    this.logger = options.logger;
    this.commands = new CommandTracker(this.clock, (event) => this.emit(event), this.timing.confirmGraceMs);
    this.liveness = new ControllerLiveness(this.controllers, this.commands, this.clock, this.timing, (beat) =>
      this.sendServerHeartbeat(beat),
    );
    this.events = new ControllerEvents({
      controllers: this.controllers,
      clock: this.clock,
      timing: this.timing,
      commands: this.commands,
      warnings: this.warnings,
      liveness: this.liveness,
      requestSnapshot: (placeId) => this.requestSnapshot(placeId),
      reject: (placeId, reason, details) => this.reject(placeId, reason, details),
    });
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
    this.emit({ type: 'journal', placeId, ...this.events.journal(placeId, entry) });
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
    this.liveness.stop();
    this.events.close();
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
    this.events.receive(placeId, received);
  }

  /**
   * Transports call this with a command another server instance sent to a controller (every
   * instance hears every controller): the door event it causes is credited, not taken as forged.
   */
  protected heardCommand(placeId: number, command: DeviceCommand): void {
    if (this.controllers.has(placeId)) this.events.heardCommand(placeId, command);
  }

  /** Transports call this when they lose their own link (the broker), which hides every controller. */
  protected markAllOffline(reason: ControllerChangeReason): void {
    this.liveness.markAllOffline(reason);
  }

  private requestSnapshot(placeId: number): void {
    void this.trySend(placeId, { action: 'snapshot', commandId: randomUUID(), at: this.clock.now() });
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
