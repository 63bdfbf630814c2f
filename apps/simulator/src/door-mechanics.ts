import { DOOR_STATUS, type DeviceCommandOutcome, type DeviceDoorStatus } from '@cacifo/contract';
import type { Clock } from './clock.js';
import type { UnsequencedEvent } from './controller-outbox.js';
import type { SimulatorTiming } from './options.js';
import { LOCAL_OPEN, type SimDoor } from './sim-door.js';

/** What the door mechanics need of their SimulatedController. */
export interface DoorHost {
  readonly clock: Clock;
  timing(): SimulatorTiming;
  isExterior(door: SimDoor): boolean;
  /** The controller-wide jam fault. */
  jammed(): boolean;
  event(payload: UnsequencedEvent): void;
  publishSnapshot(): void;
}

/**
 * How a simulated door moves: openings queued behind the open latency, the open or jammed outcome,
 * the auto-close and left-open timers, and each change told as an event and a snapshot.
 */
export class DoorMechanics {
  /** Doors opened by the controller's own decision (offline agent), waiting for their outcome. */
  private readonly localWaiters = new Map<string, (outcome: DeviceCommandOutcome) => void>();
  private localOpens = 0;

  constructor(private readonly host: DoorHost) {}

  /** SimulatedController.openLocally on a door it has, while running. */
  openLocally(door: SimDoor): Promise<DeviceCommandOutcome> {
    if (door.open) return Promise.resolve('alreadyOpen');
    const id = `${LOCAL_OPEN}${++this.localOpens}`;
    return new Promise((resolve) => {
      this.localWaiters.set(id, resolve);
      this.queueOpening(door, id);
    });
  }

  /** `door` is absent for the exterior door. */
  result(commandId: string, door: number | undefined, outcome: DeviceCommandOutcome, reason?: string): void {
    const local = this.localWaiters.get(commandId);
    if (local) {
      this.localWaiters.delete(commandId);
      local(outcome);
      return;
    }
    this.host.event({
      type: 'commandResult',
      commandId,
      ...(door === undefined ? {} : { door }),
      outcome,
      ...(reason ? { reason } : {}),
      at: this.host.clock.now(),
    });
  }

  queueOpening(door: SimDoor, commandId: string): void {
    door.pending.push(commandId);
    door.openingTimer ??= this.host.clock.setTimeout(
      () => this.finishOpening(door),
      this.host.timing().openLatencyMs,
    );
  }

  private finishOpening(door: SimDoor): void {
    door.openingTimer = null;
    const [first, ...rest] = door.pending.splice(0);
    if (first === undefined) return;
    const target = this.host.isExterior(door) ? undefined : door.door;
    let outcome: DeviceCommandOutcome;
    if (door.open) outcome = 'alreadyOpen';
    else if (door.faults?.has('jam') || this.host.jammed()) {
      outcome = 'jammed';
      this.setDoor(door, false, DOOR_STATUS.ALERT_JAMMED, first);
    } else {
      outcome = 'opened';
      this.setDoor(door, true, DOOR_STATUS.OPEN, first);
    }
    for (const commandId of [first, ...rest]) this.result(commandId, target, outcome);
    door.purpose = null;
  }

  setDoor(door: SimDoor, open: boolean, status: DeviceDoorStatus, commandId?: string): void {
    const wasOpen = door.open;
    door.open = open;
    door.status = status;
    if (open && !wasOpen) this.scheduleWhileOpen(door);
    if (!open) this.clearDoorTimers(door, false);
    const caused = commandId && !commandId.startsWith(LOCAL_OPEN) ? { commandId } : {};
    const at = this.host.clock.now();
    if (this.host.isExterior(door)) {
      const purpose = commandId && door.purpose ? { purpose: door.purpose } : {};
      this.host.event({ type: 'exteriorDoor', status, open, ...caused, ...purpose, at });
    } else this.host.event({ type: 'door', door: door.door, status, open, ...caused, at });
    this.host.publishSnapshot();
  }

  private scheduleWhileOpen(door: SimDoor): void {
    const { autoCloseMs, leftOpenAfterMs } = this.host.timing();
    if (autoCloseMs !== null) {
      door.autoCloseTimer = this.host.clock.setTimeout(() => {
        door.autoCloseTimer = null;
        if (door.open) this.setDoor(door, false, DOOR_STATUS.CLOSED);
      }, autoCloseMs);
    }
    if (leftOpenAfterMs !== null) {
      door.leftOpenTimer = this.host.clock.setTimeout(() => {
        door.leftOpenTimer = null;
        if (door.open && door.status === DOOR_STATUS.OPEN) {
          this.setDoor(door, true, DOOR_STATUS.ALERT_LEFT_OPEN);
        }
      }, leftOpenAfterMs);
    }
  }

  clearDoorTimers(door: SimDoor, includeOpening = true): void {
    const { clock } = this.host;
    if (door.autoCloseTimer) clock.clearTimeout(door.autoCloseTimer);
    if (door.leftOpenTimer) clock.clearTimeout(door.leftOpenTimer);
    door.autoCloseTimer = door.leftOpenTimer = null;
    if (includeOpening && door.openingTimer) {
      clock.clearTimeout(door.openingTimer);
      door.openingTimer = null;
      for (const id of door.pending) this.localWaiters.get(id)?.('failed');
      door.pending = [];
    }
  }
}
