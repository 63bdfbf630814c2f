import {
  compareSequence,
  DOOR_STATUS,
  type ControllerSequence,
  type DeviceEvent,
  type DeviceExteriorDoor,
  type DoorStatus,
  type ExteriorPurpose,
} from '@cacifo/contract';
import type { Clock } from '@cacifo/simulator';
import type { LockerDriverEvent } from './locker-driver.js';

type ExteriorEvent = Extract<DeviceEvent, { type: 'exteriorDoor' }>;

/** What the exterior door needs of its TrackedController. */
export interface ExteriorHost {
  readonly placeId: number;
  readonly clock: Clock;
  readonly emit: (event: LockerDriverEvent) => void;
  isOnline(): boolean;
  /** The controller's (boot, seq) check: true (and counted) when the message is not newer than held. */
  stale(held: ControllerSequence | null, message: ControllerSequence): boolean;
}

/** The exterior door of a TrackedController (null state until a snapshot says there is one). */
export class TrackedExterior {
  private exterior: {
    reported: DeviceExteriorDoor;
    reportedAt: number;
    seq: ControllerSequence | null;
  } | null = null;

  constructor(private readonly host: ExteriorHost) {}

  get exists(): boolean {
    return this.exterior !== null;
  }

  /** (boot, seq) of the last report applied. */
  get seq(): ControllerSequence | null {
    return this.exterior?.seq ?? null;
  }

  /** What the controller last said of the door being open (callers check online themselves). */
  get open(): boolean | null {
    return this.exterior?.reported.open ?? null;
  }

  /** The controller lost its counter (TrackedController.restartSequence). */
  restartSequence(): void {
    if (this.exterior) this.exterior.seq = null;
  }

  /**
   * An exterior opening with no command and no access the wall journalled: if it is still open as
   * that report left it (nothing newer heard), it turns to alert 1. False otherwise.
   */
  raiseUncommanded(report: ControllerSequence): boolean {
    const exterior = this.exterior;
    if (!exterior?.seq || compareSequence(exterior.seq, report) !== 0) return false;
    if (!exterior.reported.open || exterior.reported.status !== DOOR_STATUS.OPEN) return false;
    const reported = { open: true, status: DOOR_STATUS.ALERT_UNCOMMANDED };
    this.set(reported, { ...exterior.seq, at: this.host.clock.now() }, null, null);
    return true;
  }

  apply(event: ExteriorEvent): boolean {
    if (this.host.stale(this.exterior?.seq ?? null, event)) return false;
    this.set(
      { status: event.status, open: event.open },
      event,
      event.commandId ?? null,
      event.purpose ?? null,
    );
    return true;
  }

  set(
    reported: DeviceExteriorDoor,
    sequence: ControllerSequence & { at: number },
    commandId: string | null,
    purpose: ExteriorPurpose | null,
  ): void {
    const at = sequence.at;
    const previous = this.status() ?? DOOR_STATUS.OFFLINE;
    this.exterior = {
      reported: { status: reported.status, open: reported.open },
      reportedAt: at,
      seq: { boot: sequence.boot, seq: sequence.seq },
    };
    if (this.host.isOnline() && previous !== reported.status)
      this.changed(previous, commandId, purpose, new Date(at));
  }

  changed(
    previousStatus: DoorStatus,
    commandId: string | null,
    purpose: ExteriorPurpose | null,
    at: Date,
  ): void {
    const online = this.host.isOnline();
    this.host.emit({
      type: 'exteriorDoor',
      placeId: this.host.placeId,
      status: this.status() ?? DOOR_STATUS.OFFLINE,
      previousStatus,
      open: online ? (this.exterior?.reported.open ?? null) : null,
      commanded: commandId !== null,
      commandId,
      purpose,
      at,
    });
  }

  /** Null while no snapshot said the controller has an exterior door. */
  status(): DoorStatus | null {
    if (!this.exterior) return null;
    return this.host.isOnline() ? this.exterior.reported.status : DOOR_STATUS.OFFLINE;
  }
}
