import {
  compareSequence,
  DOOR_STATUS,
  type ControllerSequence,
  type DeviceDoor,
  type DeviceEvent,
  type DeviceSnapshot,
  type DoorStatus,
} from '@cacifo/contract';
import type { Clock } from '@cacifo/simulator';
import type {
  ControllerChangeReason,
  ControllerState,
  DoorStateEvent,
  LockerDriverEvent,
} from './locker-driver.js';
import {
  doorState,
  doorStateEvent,
  doorStatus,
  newTrackedDoor,
  recordTag,
  reportedTags,
  syncDoorTags,
  type TrackedDoor,
} from './tracked-door.js';
import { TrackedExterior } from './tracked-exterior.js';

type DoorEvent = Extract<DeviceEvent, { type: 'door' }>;
type TagEvent = Extract<DeviceEvent, { type: 'tag' }>;

/** The server's picture of one controller; turns what it reports into driver events. */
export class TrackedController {
  online = false;
  lastSeenAt: number | null = null;
  lastHeartbeatAt: number | null = null;
  /** Malformed messages dropped (counted for service status; each is logged where it is dropped). */
  rejectedMessages = 0;
  readonly registeredAt: number;
  private doors = new Map<number, TrackedDoor>();
  /** Its reports are applied there (applied and raiseUncommanded), under this controller's sequence. */
  readonly exterior: TrackedExterior;
  /** Reports older than what was held (lower boot or seq), not applied; counted for service status. */
  staleMessages = 0;
  /** Set until subscribers were told the whole tag picture after the controller came (back) online. */
  private tagsToReconcile = true;
  /** The offline state of a controller never heard since start was announced once. */
  private neverSeenAnnounced = false;
  /**
   * Shared subscriptions (ADR 0141): this instance hears only some of the controller's reports, so
   * its memory is no judge of a change. Every report is passed on with its (boot, seq) and without
   * a previous status (the row has it), and the row decides.
   */
  shared = false;

  constructor(
    readonly placeId: number,
    private readonly clock: Clock,
    private readonly emit: (event: LockerDriverEvent) => void,
  ) {
    this.registeredAt = clock.now();
    this.exterior = new TrackedExterior({
      placeId,
      clock,
      emit,
      isOnline: () => this.online,
      stale: (held, message) => this.stale(held, message),
    });
  }

  /** Keeps what is known of doors that stay. */
  setDoors(doorNumbers: readonly number[]): void {
    const previous = this.doors;
    this.doors = new Map(doorNumbers.map((d) => [d, previous.get(d) ?? newTrackedDoor()]));
  }

  get doorNumbers(): number[] {
    return [...this.doors.keys()];
  }

  hasDoor(doorNumber: number): boolean {
    return this.doors.has(doorNumber);
  }

  heartbeat(uptimeMs: number, at: number): void {
    this.lastHeartbeatAt = at;
    this.emit({ type: 'heartbeat', placeId: this.placeId, uptimeMs, at: new Date(at) });
  }

  /** False when the event is older than what is held for the door (counted, not applied). */
  applyDoor(event: DoorEvent): boolean {
    const door = this.doors.get(event.door);
    if (!door) return true;
    if (this.stale(door.seq, event)) return false;
    door.seq = { boot: event.boot, seq: event.seq };
    const tags = door.reported?.tags ?? [];
    const report = this.shared ? 'event' : null;
    this.setReported(event.door, door, { ...event, tags }, event.at, event.commandId ?? null, report);
    return true;
  }

  /**
   * A door that opened with no command of the server and no access the wall journalled: if it is
   * still open as that report left it (nothing newer heard), it turns to alert 1. False otherwise.
   */
  raiseUncommanded(doorNumber: number, report: ControllerSequence): boolean {
    const door = this.doors.get(doorNumber);
    const held = door?.seq;
    if (!door?.reported || !held || compareSequence(held, report) !== 0) return false;
    if (!door.reported.open || door.reported.status !== DOOR_STATUS.OPEN) return false;
    const reported = { ...door.reported, status: DOOR_STATUS.ALERT_UNCOMMANDED };
    this.setReported(doorNumber, door, reported, this.clock.now(), null, this.shared ? 'derived' : null);
    return true;
  }

  /**
   * The controller announced a boot lower than one heard before: it lost its counter (replaced,
   * reflashed). What was held belongs to another history, so the next reports are believed.
   */
  restartSequence(): void {
    for (const door of this.doors.values()) door.seq = door.tagSeq = null;
    this.exterior.restartSequence();
    this.boot = null;
  }

  /** The highest boot heard from this controller (an announcement lower than it restarts the sequence). */
  boot: number | null = null;

  private stale(held: ControllerSequence | null, message: ControllerSequence): boolean {
    if (this.boot === null || message.boot > this.boot) this.boot = message.boot;
    if (held === null || compareSequence(message, held) > 0) return false;
    this.staleMessages++;
    return true;
  }

  /**
   * A tag event is the reader's own word, passed on whether or not subscribers were told the
   * opposite before (after a restart they were told nothing, yet the database may say otherwise).
   */
  applyTag(event: TagEvent): boolean {
    const door = this.doors.get(event.door);
    if (!door) return true;
    if (this.stale(door.tagSeq, event)) return false;
    door.tagSeq = { boot: event.boot, seq: event.seq };
    recordTag(door, event);
    const { placeId } = this;
    const { door: doorNumber, tagId, present } = event;
    this.emit({ type: 'tag', placeId, doorNumber, tagId, present, at: new Date(event.at) });
    return true;
  }

  /**
   * The snapshot also fills what was missed while disconnected, so differences become events. Each
   * door takes it only when it is newer than what the door holds (status and tags separately).
   */
  applySnapshot(snapshot: DeviceSnapshot): void {
    const sequence = { boot: snapshot.boot, seq: snapshot.seq };
    let stale = true;
    for (const reported of snapshot.doors) {
      const door = this.doors.get(reported.door);
      if (!door) continue;
      const newerStatus = door.seq === null || compareSequence(sequence, door.seq) > 0;
      const newerTags = door.tagSeq === null || compareSequence(sequence, door.tagSeq) > 0;
      // Shared: a door back as it was (same report) is restored from 255 by the row, so it is passed on.
      if (this.shared && !newerStatus && compareSequence(sequence, door.seq!) === 0) {
        const same = { ...door.reported!, status: reported.status };
        this.setReported(reported.door, door, same, snapshot.at, null, 'snapshot');
      }
      if (!newerStatus && !newerTags) continue;
      stale = false;
      const current = door.reported;
      const keep = newerStatus || !current ? reported : { ...current, tags: reported.tags };
      const tags = newerTags ? reported.tags : (current?.tags ?? []);
      if (newerStatus) door.seq = sequence;
      if (newerTags) door.tagSeq = sequence;
      const report = this.shared && newerStatus ? 'snapshot' : null;
      this.setReported(reported.door, door, { ...keep, tags }, snapshot.at, null, report);
      if (newerTags) this.syncTags(reported.door, door, snapshot.at);
    }
    const exteriorSeq = this.exterior.seq;
    if (snapshot.exterior && (exteriorSeq === null || compareSequence(sequence, exteriorSeq) > 0)) {
      stale = false;
      this.exterior.set(snapshot.exterior, { ...sequence, at: snapshot.at }, null, null);
    }
    if (this.boot === null || snapshot.boot > this.boot) this.boot = snapshot.boot;
    if (stale && snapshot.doors.length > 0) this.staleMessages++;
    if (this.online && this.tagsToReconcile) {
      this.tagsToReconcile = false;
      const tags = reportedTags(this.doors);
      this.emit({ type: 'tagSnapshot', placeId: this.placeId, tags, at: new Date(snapshot.at) });
    }
  }

  /** Returns whether it was offline until now. */
  markSeen(reason: ControllerChangeReason): boolean {
    this.lastSeenAt = this.clock.now();
    if (this.online) return false;
    this.online = true;
    this.emit({ type: 'controller', placeId: this.placeId, online: true, reason, at: this.now() });
    // Shared: what this instance last heard may be stale; the snapshot asked for on return restores.
    if (this.shared) return true;
    for (const [doorNumber, door] of this.doors) {
      if (door.reported) this.doorChanged(doorNumber, door, DOOR_STATUS.OFFLINE, null, this.now());
      this.syncTags(doorNumber, door, this.clock.now());
    }
    if (this.exterior.exists) this.exterior.changed(DOOR_STATUS.OFFLINE, null, null, this.now());
    return true;
  }

  /** Returns whether it was online until now. */
  markOffline(reason: ControllerChangeReason): boolean {
    if (!this.online) return false;
    const before = new Map([...this.doors].map(([n, d]) => [n, doorStatus(d, this.online)]));
    const exteriorBefore = this.exterior.status();
    this.online = false;
    this.tagsToReconcile = true;
    this.emit({ type: 'controller', placeId: this.placeId, online: false, reason, at: this.now() });
    for (const [doorNumber, door] of this.doors) {
      const previous = before.get(doorNumber)!;
      if (previous !== DOOR_STATUS.OFFLINE) this.doorChanged(doorNumber, door, previous, null, this.now());
    }
    if (exteriorBefore !== null && exteriorBefore !== DOOR_STATUS.OFFLINE)
      this.exterior.changed(exteriorBefore, null, null, this.now());
    return true;
  }

  /**
   * A controller not heard at all since it was registered: what the database shows for its doors
   * is from before the restart, so every door is said to be offline (255), once.
   */
  markNeverSeen(): boolean {
    if (this.lastSeenAt !== null || this.neverSeenAnnounced) return false;
    this.neverSeenAnnounced = true;
    const at = this.now();
    this.emit({ type: 'controller', placeId: this.placeId, online: false, reason: 'neverSeen', at });
    for (const [doorNumber, door] of this.doors)
      this.doorChanged(doorNumber, door, DOOR_STATUS.OFFLINE, null, at);
    return true;
  }

  state(): ControllerState {
    const date = (ms: number | null) => (ms === null ? null : new Date(ms));
    const exteriorStatus = this.exterior.status();
    return {
      placeId: this.placeId,
      online: this.online,
      lastHeartbeatAt: date(this.lastHeartbeatAt),
      lastSeenAt: date(this.lastSeenAt),
      doors: [...this.doors].map(([doorNumber, d]) => doorState(doorNumber, d, this.online)),
      exterior:
        exteriorStatus === null
          ? null
          : { status: exteriorStatus, open: this.online ? this.exterior.open : null },
      rejectedMessages: this.rejectedMessages,
    };
  }

  private setReported(
    doorNumber: number,
    door: TrackedDoor,
    reported: DeviceDoor,
    at: number,
    commandId: string | null,
    report: NonNullable<DoorStateEvent['sequence']>['kind'] | null = null,
  ): void {
    const previous = doorStatus(door, this.online);
    const { status, open, tags } = reported;
    door.reported = { door: doorNumber, status, open, tags: [...tags] };
    door.reportedAt = at;
    if (!this.online || (!report && previous === status)) return;
    // Reported: the previous status is the row's (read where it is recorded), not this memory's.
    const sequence = report && door.seq ? { ...door.seq, kind: report } : undefined;
    const from = report ? DOOR_STATUS.OFFLINE : previous;
    this.doorChanged(doorNumber, door, from, commandId, new Date(at), sequence);
  }

  /** Emits the difference between what the reader reports and what subscribers were last told. */
  private syncTags(doorNumber: number, door: TrackedDoor, atMs: number): void {
    if (!this.online || !door.reported) return;
    syncDoorTags(this.placeId, doorNumber, door, door.reported.tags, atMs, this.emit);
  }

  private doorChanged(
    doorNumber: number,
    door: TrackedDoor,
    previousStatus: DoorStatus,
    commandId: string | null,
    at: Date,
    sequence?: DoorStateEvent['sequence'],
  ): void {
    const change = { placeId: this.placeId, doorNumber, previousStatus, commandId, at, sequence };
    this.emit(doorStateEvent(door, this.online, change));
  }

  private now(): Date {
    return new Date(this.clock.now());
  }
}
