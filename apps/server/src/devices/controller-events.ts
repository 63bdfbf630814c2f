import {
  DOOR_STATUS,
  type ControllerMessage,
  type DeviceCommand,
  type DeviceEvent,
  type DeviceJournalEntry,
} from '@cacifo/contract';
import type { Clock } from '@cacifo/simulator';
import { EXTERIOR_DOOR, heartbeatIntervalFor, type DriverTiming } from './locker-driver.js';
import type { CommandTracker, IssuedCommand } from './command-tracker.js';
import type { ControllerLiveness } from './controller-liveness.js';
import type { DeviceWarnings } from './device-warnings.js';
import type { TrackedController } from './tracked-controller.js';
import { UnsolicitedOpens } from './unsolicited-opens.js';

type DoorEvent = Extract<DeviceEvent, { type: 'door' }>;
type ResultEvent = Extract<DeviceEvent, { type: 'commandResult' }>;

/** What ControllerEvents takes from its ProtocolDriver. */
export interface ControllerEventsDeps {
  controllers: ReadonlyMap<number, TrackedController>;
  clock: Clock;
  timing: DriverTiming;
  commands: CommandTracker;
  warnings: DeviceWarnings;
  liveness: ControllerLiveness;
  /** Asks the controller for a fresh snapshot (best effort). */
  requestSnapshot: (placeId: number) => void;
  /** A message that cannot be applied: counted for the controller and logged. */
  reject: (placeId: number, reason: string, details?: object) => void;
}

/**
 * What the controllers say (ProtocolDriver's receive, receiveJournal and heardCommand): a message's
 * clock checked, its door, tag and heartbeat events applied to the tracked state, its acks and
 * results credited to the commands this server issued, nothing credited that it did not.
 */
export class ControllerEvents {
  private readonly clock: Clock;
  private readonly timing: DriverTiming;
  private readonly commands: CommandTracker;
  private readonly warnings: DeviceWarnings;
  /** Opens with no command of ours, waiting for the wall's journal to explain them. */
  private readonly unsolicited: UnsolicitedOpens;

  constructor(private readonly deps: ControllerEventsDeps) {
    this.clock = deps.clock;
    this.timing = deps.timing;
    this.commands = deps.commands;
    this.warnings = deps.warnings;
    this.unsolicited = new UnsolicitedOpens(
      deps.clock,
      deps.warnings,
      deps.commands,
      deps.timing.unsolicitedGraceMs ?? heartbeatIntervalFor(deps.timing) + 3000,
    );
  }

  receive(placeId: number, received: ControllerMessage): void {
    const { controllers, reject, liveness, requestSnapshot } = this.deps;
    const controller = controllers.get(placeId);
    if (!controller) return;
    const message = this.clampClock(placeId, received);
    if (message.topic === 'doors' && message.payload.placeId !== placeId)
      return reject(placeId, 'wrongPlace', {
        topic: 'state/doors',
        namedPlaceId: message.payload.placeId,
      });
    if (message.topic === 'doors') return controller.applySnapshot(message.payload);
    if (message.topic === 'connection' && !message.payload.online)
      return liveness.markOffline(controller, 'disconnected');
    if (message.topic === 'connection') this.checkBoot(controller, message.payload.boot);
    const cameBack = controller.markSeen(message.topic === 'connection' ? 'announced' : 'seen');
    // What it did while we could not hear it is only in a fresh snapshot.
    if (cameBack) requestSnapshot(placeId);
    if (message.topic !== 'event') return;
    const unknownDoor = this.unknownDoor(controller, message.payload);
    if (unknownDoor === null) this.apply(controller, message.payload);
    else reject(placeId, 'unknownDoor', { door: unknownDoor, type: message.payload.type });
  }

  /** A journal entry with its time (a future one replaced by the receive time), noting the wall's accesses. */
  journal(placeId: number, entry: DeviceJournalEntry): { entry: DeviceJournalEntry; receivedAt: Date } {
    const now = this.clock.now();
    const at = entry.at > now + this.timing.maxClockSkewMs ? now : entry.at;
    if (entry.type === 'access')
      for (const d of entry.doors)
        if (d.outcome === 'opened') this.unsolicited.accessJournalled(placeId, d.door, entry);
    if (entry.type === 'deposit' && entry.outcome === 'opened')
      this.unsolicited.accessJournalled(placeId, entry.door, entry);
    if (entry.type === 'door' && entry.access !== undefined)
      this.unsolicited.accessJournalled(placeId, entry.door, { boot: entry.boot, seq: entry.access });
    return { entry: { ...entry, at }, receivedAt: new Date(now) };
  }

  /** The driver closes: no alert is raised after it. */
  close(): void {
    this.unsolicited.clear();
  }

  /** Another instance's command: the door event it causes is credited, not taken as forged. */
  heardCommand(placeId: number, command: DeviceCommand): void {
    if (command.action === 'snapshot') return;
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

  private apply(controller: TrackedController, event: DeviceEvent): void {
    let applied = true;
    if (event.type === 'heartbeat') controller.heartbeat(event.uptimeMs, this.clock.now());
    else if (event.type === 'door') applied = this.applyDoor(controller, event);
    else if (event.type === 'exteriorDoor') {
      const credited = this.credited(controller.placeId, EXTERIOR_DOOR, event);
      applied = controller.exterior.apply(credited);
      if (applied && credited.commandId) this.commands.doorSeen(credited.commandId);
      else if (applied && credited.open && credited.status === DOOR_STATUS.OPEN)
        this.unsolicited.watch(controller.placeId, EXTERIOR_DOOR, event, event.commandId, (report) =>
          controller.exterior.raiseUncommanded(report),
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
      this.unsolicited.watch(controller.placeId, event.door, event, event.commandId, (report) =>
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
    this.deps.requestSnapshot(placeId);
  }
}
