import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_LOG_ACTION, DOOR_STATUS, type DeviceJournalEntry, type DoorStatus } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { JournalEvent, LockerDriver } from '../../devices/locker-driver.js';
import type { EventBus } from '../../lib/event-bus.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { lockerTagsRepository } from '../lockers/locker-tags.repository.js';
import { doorRuntimeRepository } from '../lockers/door-runtime.repository.js';
import type { LockerUpdates } from '../lockers/locker-updates.js';
import type { WallResult } from '../orders/wall-journal.js';
import { wallOfflineRepository as repo, type JournalKey } from './wall-offline.repository.js';

type AccessEntry = Extract<DeviceJournalEntry, { type: 'access' }>;
type DepositEntry = Extract<DeviceJournalEntry, { type: 'deposit' }>;
type DoorEntry = Extract<DeviceJournalEntry, { type: 'door' }>;

/** What an area does with an entry whose credential it issued (`order:…`, `user:…`, `asset:…`). */
export type AccessHandler = (placeId: number, entry: AccessEntry | DepositEntry) => Promise<WallResult>;

/** The command id door events carry when the wall opened the door itself: its journal entry. */
export const wallCommandId = (boot: number, seq: number) => `wall:${boot}:${seq}`;

/**
 * Applies what walls journalled (docs/adr/0125), one entry at a time in arrival order, each once
 * by (place, boot, seq) across instances and resends; every entry is acknowledged, so the
 * controller drops it. An entry that fails (database down) is not acknowledged: it comes again.
 */
export class JournalApplier {
  private readonly handlers = new Map<string, AccessHandler>();
  private pending: JournalEvent[] = [];
  private working: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly driver: LockerDriver,
    private readonly bus: EventBus,
    private readonly lockerUpdates: LockerUpdates,
    private readonly log: FastifyBaseLogger,
    /** A place whose credentials may have changed (an entry applied). */
    private readonly changed: (placeId: number) => void,
  ) {}

  /** `prefix` is the credential id's first part: `order` for `order:81`. */
  onAccess(prefix: string, handler: AccessHandler): void {
    this.handlers.set(prefix, handler);
  }

  handle(event: JournalEvent): void {
    this.pending.push(event);
    this.working ??= this.work();
  }

  /** Resolves when every entry received so far is applied. */
  async drain(): Promise<void> {
    while (this.working) await this.working;
  }

  private async work(): Promise<void> {
    while (this.pending.length > 0) {
      const event = this.pending.shift()!;
      if (await this.applyOne(event)) {
        const { boot, seq } = event.entry;
        await this.driver.acknowledgeJournal(event.placeId, [{ boot, seq }]);
      }
    }
    this.working = null;
  }

  /** True when the entry is applied now or was before: it may be acknowledged. */
  private async applyOne({ placeId, entry }: JournalEvent): Promise<boolean> {
    const key: JournalKey = { placeId, boot: entry.boot, seq: entry.seq };
    try {
      const claimed = await repo.claimEntry(this.db, {
        place_id: placeId,
        boot: String(entry.boot),
        seq: entry.seq,
        type: entry.type,
        entry: JSON.stringify(entry),
        result: 'pending',
        detail: null,
        controller_at: new Date(entry.at).toISOString(),
        created_at: nowIso(),
      });
      if (!claimed) return true;
    } catch (err) {
      this.log.error({ err, placeId, boot: entry.boot, seq: entry.seq }, 'wall journal entry not claimed');
      return false;
    }
    try {
      const outcome = await this.dispatch(placeId, entry);
      const detail =
        outcome.result === 'applied'
          ? null
          : JSON.stringify(
              outcome.result === 'conflict' && outcome.applied
                ? { ...outcome.detail, applied: true }
                : outcome.detail,
            );
      await repo.settleEntry(this.db, key, outcome.result, detail);
      if (outcome.result === 'conflict') {
        this.log.warn(
          { placeId, entry, server: outcome.detail },
          'wall journal conflict: the wall did alone what the server holds otherwise',
        );
        await this.recordConflict(placeId, entry, outcome.detail);
      }
      if (entry.type === 'access' || entry.type === 'deposit') this.changed(placeId);
      return true;
    } catch (err) {
      this.log.error({ err, placeId, entry }, 'wall journal entry not applied; the wall sends it again');
      await repo.releaseEntry(this.db, key).catch(() => undefined);
      return false;
    }
  }

  private async dispatch(placeId: number, entry: DeviceJournalEntry): Promise<WallResult> {
    if (entry.type === 'door') return this.door(placeId, entry);
    if (entry.type === 'tag') {
      const locker = await repo.lockerAtDoor(this.db, placeId, entry.door);
      const at = new Date(entry.at).toISOString();
      if (locker) await lockerTagsRepository.seen(this.db, locker.id, entry.tagId, entry.present, at);
      this.bus.emit('tag', {
        placeId,
        lockerId: locker?.id ?? null,
        doorNumber: entry.door,
        tagId: entry.tagId,
        present: entry.present,
        at: new Date(entry.at).toISOString(),
      });
      return { result: 'applied' };
    }
    const handler = this.handlers.get(entry.credentialId.split(':')[0] ?? '');
    if (!handler) return { result: 'ignored', detail: { reason: 'unknownCredential' } };
    const result = await handler(placeId, entry);
    if (result.result === 'applied' || (result.result === 'conflict' && result.applied))
      await this.settleIfClosed(placeId, entry);
    return result;
  }

  /** An operator sees it in the admin log (1040) with both sides, beside GET /api/julian/wall/conflicts. */
  private async recordConflict(
    placeId: number,
    entry: DeviceJournalEntry,
    server: Record<string, unknown>,
  ): Promise<void> {
    const door = 'door' in entry ? entry.door : entry.type === 'access' ? entry.doors[0]?.door : undefined;
    const locker = door === undefined ? undefined : await repo.lockerAtDoor(this.db, placeId, door);
    const name = await repo.placeName(this.db, placeId);
    await this.db.transaction().execute((tx) =>
      writeAdminLog(tx, {
        actor: null,
        action: ADMIN_LOG_ACTION.WALL_CONFLICT,
        place: { id: placeId, name },
        ...(locker && door !== undefined ? { locker: { id: locker.id, doorNumber: door } } : {}),
        details: { boot: entry.boot, seq: entry.seq, wall: entry, server },
      }),
    );
  }

  /**
   * A door change the wall journalled: recorded (history, tile) unless the server already holds a
   * newer or the same state, then passed on as a door event at the wall's time. A close recorded
   * already (heard live) still settles what waits for it.
   */
  private async door(placeId: number, e: DoorEntry): Promise<WallResult> {
    const locker = await repo.lockerAtDoor(this.db, placeId, e.door);
    const at = new Date(e.at).toISOString();
    const opener =
      e.access === undefined
        ? undefined
        : await repo.entry(this.db, { placeId, boot: e.boot, seq: e.access });
    const userId = opener ? userOf(JSON.parse(opener.entry) as AccessEntry) : null;
    // Heard live already (the server was there): the event learns who opened the door.
    const attribute = () =>
      e.access === undefined
        ? Promise.resolve()
        : repo.attributeDoorEvent(this.db, {
            placeId,
            door: e.door,
            status: e.status,
            at,
            userId,
            commandId: wallCommandId(e.boot, e.access),
          });
    if (locker?.door_status_updated_at && locker.door_status_updated_at > at) {
      await attribute();
      return { result: 'ignored', detail: { reason: 'older', stored: locker.door_status_updated_at } };
    }
    const previous = (locker?.door_status ?? DOOR_STATUS.CLOSED) as DoorStatus;
    const event = {
      placeId,
      lockerId: locker?.id ?? null,
      doorNumber: e.door,
      doorStatus: e.status,
      previousStatus: previous,
      commanded: e.access !== undefined,
      commandId: e.access === undefined ? null : wallCommandId(e.boot, e.access),
      at,
      replayed: true,
    };
    const recorded = await doorRuntimeRepository.recordDoorState(this.db, {
      place_id: placeId,
      door_number: e.door,
      door_status: e.status,
      previous_status: previous,
      commanded: event.commanded ? 1 : 0,
      command_id: event.commandId,
      admin_id: null,
      user_id: userId,
      created_at: at,
    });
    if (recorded?.locker) {
      await this.lockerUpdates.known([
        {
          placeId,
          lockerId: recorded.locker.id,
          doorNumber: e.door,
          status: recorded.locker.status,
          doorStatus: e.status,
          enabled: recorded.locker.enabled,
        },
      ]);
    }
    if (!recorded) {
      await attribute();
      await this.fillHistory(placeId, locker?.id ?? null, e, at, event.commandId, userId);
    }
    if (recorded) this.bus.emit('doorChanged', event);
    else if (e.status === DOOR_STATUS.CLOSED) this.bus.emit('doorSettled', event);
    return { result: 'applied' };
  }

  /**
   * The door already holds this state without its change in the history: a snapshot after a broker
   * restart set it (and a door coming back from unreachable writes no event). The change the wall
   * journalled goes into the history at the wall's time; the door's state is left as it is.
   */
  private async fillHistory(
    placeId: number,
    lockerId: number | null,
    e: DoorEntry,
    at: string,
    commandId: string | null,
    userId: number | null,
  ): Promise<void> {
    const { last, same } = await repo.historyAt(this.db, placeId, e.door, e.status, at);
    if (same || (last && last.door_status === e.status)) return;
    await doorRuntimeRepository.insertDoorEvent(this.db, {
      place_id: placeId,
      locker_id: lockerId,
      door_number: e.door,
      door_status: e.status,
      previous_status: last?.door_status ?? DOOR_STATUS.CLOSED,
      commanded: commandId === null ? 0 : 1,
      command_id: commandId,
      admin_id: null,
      user_id: userId,
      created_at: at,
    });
  }

  /**
   * The door's close may have been recorded (heard live) before its opening's entry was applied:
   * then nothing waits for it any more, so the close is passed on now.
   */
  private async settleIfClosed(placeId: number, entry: AccessEntry | DepositEntry): Promise<void> {
    const doors = entry.type === 'access' ? entry.doors.map((d) => d.door) : [entry.door];
    for (const door of doors) {
      const locker = await repo.lockerAtDoor(this.db, placeId, door);
      const closedAt = locker?.door_status_updated_at;
      if (!locker || locker.door_status !== DOOR_STATUS.CLOSED || !closedAt) continue;
      if (closedAt <= new Date(entry.at).toISOString()) continue;
      this.bus.emit('doorSettled', {
        placeId,
        lockerId: locker.id,
        doorNumber: door,
        doorStatus: DOOR_STATUS.CLOSED,
        previousStatus: DOOR_STATUS.OPEN,
        commanded: false,
        commandId: null,
        at: closedAt,
        replayed: true,
      });
    }
  }
}

/** The locker user an office or asset credential names (`user:12`, `asset:3:user:12`). */
function userOf(entry: AccessEntry): number | null {
  const match = /(?:^|:)user:(\d+)$/.exec(entry.credentialId);
  return match ? Number(match[1]) : null;
}
