import type { LockerUpdateData } from '@cacifo/contract';
import type { ReportSequence } from './door-runtime.repository.js';

export interface KnownDoor {
  lockerId: number;
  status: number;
  enabled: number;
  doorStatus: number;
  /**
   * The report the stored status came from (null: none with a sequence), known when this instance
   * read or recorded it; after a change heard from elsewhere it is not, and sequenced reports wait
   * for the database.
   */
  boot: number | null;
  seq: number | null;
  ordered: boolean;
}

interface Entry extends KnownDoor {
  /** Reports of the door shown before they were recorded, and not recorded yet. */
  inFlight: number;
}

interface StoredDoorRow {
  id: number;
  door_number: number;
  door_status: number;
  status: number;
  enabled: number;
  door_boot: number | null;
  door_seq: number | null;
}

/** Enough for every door of a large network's instance; the least recently heard go first. */
const DEFAULT_MAX_DOORS = 100_000;

/**
 * What the screens were last told about each door (issue #34, set L in docs/performance.md): every
 * LockerUpdate this instance delivers, its own and the other instances', passes through here. A
 * door report can then be shown before it is recorded: the LockerUpdate repeats the locker's status
 * and enabled flag as the screens have them and changes the door alone, so the write to the
 * database is off the path from the controller to the sockets. The recorded state follows when it
 * differs (another instance changed the locker meanwhile, or the database refused the report).
 */
export class DoorStateCache {
  private readonly doors = new Map<string, Entry>();

  constructor(private readonly maxDoors = DEFAULT_MAX_DOORS) {}

  /** A LockerUpdate delivered to this instance's sockets. */
  learn(update: LockerUpdateData): void {
    const key = keyOf(update.placeId, update.doorNumber);
    const known = this.doors.get(key);
    // The same door status: no report came in between, so the sequence known still holds.
    const same = known?.lockerId === update.lockerId && known.doorStatus === update.doorStatus;
    this.set(key, {
      lockerId: update.lockerId,
      status: update.status,
      enabled: update.enabled,
      doorStatus: update.doorStatus,
      boot: same ? known.boot : null,
      seq: same ? known.seq : null,
      ordered: same ? known.ordered : false,
      inFlight: known?.inFlight ?? 0,
    });
  }

  /** A door as stored (read at a controller's start report), with the report it came from. */
  stored(placeId: number, doorNumber: number, door: KnownDoor): void {
    const key = keyOf(placeId, doorNumber);
    this.set(key, { ...door, inFlight: this.doors.get(key)?.inFlight ?? 0 });
  }

  /** Lockers as read from the database (`storedDoors`): a controller's start report. */
  storedRows(placeId: number, rows: readonly StoredDoorRow[]): void {
    for (const d of rows) {
      this.stored(placeId, d.door_number, {
        lockerId: d.id,
        status: d.status,
        enabled: d.enabled,
        doorStatus: d.door_status,
        boot: d.door_boot,
        seq: d.door_seq,
        ordered: true,
      });
    }
  }

  /**
   * This instance recorded a report of the door, or showed one it is about to record: later reports
   * are compared with its sequence (never moved back: a report shown later may be newer).
   */
  recorded(placeId: number, doorNumber: number, sequence: ReportSequence | undefined): void {
    const known = this.doors.get(keyOf(placeId, doorNumber));
    if (!known || !sequence) return;
    if (known.ordered && !newer(known, sequence)) return;
    known.boot = sequence.boot;
    known.seq = sequence.seq;
    known.ordered = true;
  }

  /** A report of the door was shown before it was recorded (after its LockerUpdate was delivered). */
  shown(placeId: number, doorNumber: number, sequence: ReportSequence | undefined): void {
    this.recorded(placeId, doorNumber, sequence);
    const known = this.doors.get(keyOf(placeId, doorNumber));
    if (known) known.inFlight++;
  }

  /**
   * A report shown first is now handled; true when it was the door's last one in flight, whose
   * outcome the screens must then match.
   */
  settled(placeId: number, doorNumber: number): boolean {
    const known = this.doors.get(keyOf(placeId, doorNumber));
    if (!known) return true;
    known.inFlight = Math.max(0, known.inFlight - 1);
    return known.inFlight === 0;
  }

  /** The screens were last told exactly this of the door. */
  tells(update: LockerUpdateData): boolean {
    const known = this.doors.get(keyOf(update.placeId, update.doorNumber));
    return !!known && sameUpdate({ ...update, ...known }, update);
  }

  /** The door's locker is not the one known (deleted, or another at that door): read it again. */
  forget(placeId: number, doorNumber: number): void {
    this.doors.delete(keyOf(placeId, doorNumber));
  }

  /**
   * The LockerUpdate a report will cause, when the cache can tell: the door is known, the status
   * changes, and the report is not older than the one recorded (the rule of `newerThanRow`). Null
   * sends the report the old way, shown once recorded.
   */
  forecast(
    placeId: number,
    doorNumber: number,
    doorStatus: number,
    sequence: ReportSequence | undefined,
  ): LockerUpdateData | null {
    const known = this.doors.get(keyOf(placeId, doorNumber));
    if (!known || known.doorStatus === doorStatus) return null;
    if (sequence && !known.ordered) return null;
    if (sequence && !newer(known, sequence)) return null;
    return {
      placeId,
      lockerId: known.lockerId,
      doorNumber,
      status: known.status,
      doorStatus,
      enabled: known.enabled,
    };
  }

  size(): number {
    return this.doors.size;
  }

  private set(key: string, door: Entry) {
    // Deleted first so the Map's order is the order last heard: the first key is the stalest.
    this.doors.delete(key);
    this.doors.set(key, door);
    if (this.doors.size > this.maxDoors) this.doors.delete(this.doors.keys().next().value!);
  }
}

/** The report is newer than the door's, by the database's rule (`newerThanRow`). */
function newer(known: { boot: number | null; seq: number | null }, sequence: ReportSequence): boolean {
  if (known.boot === null || known.seq === null) return true;
  return (
    known.boot < sequence.boot ||
    (known.boot === sequence.boot &&
      (sequence.kind === 'derived' ? known.seq <= sequence.seq : known.seq < sequence.seq))
  );
}

const keyOf = (placeId: number, doorNumber: number) => `${placeId}:${doorNumber}`;

/** True when the two updates would show the same thing. */
function sameUpdate(a: LockerUpdateData, b: LockerUpdateData): boolean {
  return (
    a.lockerId === b.lockerId &&
    a.status === b.status &&
    a.enabled === b.enabled &&
    a.doorStatus === b.doorStatus
  );
}
