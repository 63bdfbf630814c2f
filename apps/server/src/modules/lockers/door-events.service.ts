import type { FastifyBaseLogger } from 'fastify';
import { DOOR_STATUS } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { EventBus } from '../../lib/event-bus.js';
import {
  EXTERIOR_DOOR,
  type DoorStateEvent,
  type ExteriorDoorEvent,
  type LockerDriverEvent,
  type TagEvent,
} from '../../devices/locker-driver.js';
import { lockerTagsRepository } from './locker-tags.repository.js';
import { doorRuntimeRepository } from './door-runtime.repository.js';
import type { LockerUpdates } from './locker-updates.js';
import type { DoorStateCache } from './door-state-cache.js';
import { REPORT_RUN, reportRun } from './door-report-run.js';
import { DoorShownFirst, touchesReachability, type RecordOutcome } from './door-shown-first.js';

export interface CommandActor {
  adminId: number | null;
  userId: number | null;
}

/**
 * Turns device events into persisted facts: the locker's door status, a door_events row (who
 * opened it, when a command did), a LockerUpdate to every screen and a bus event for the areas
 * that react (orders advance when a door closes, assets track tags). Events are handled one at a
 * time, in arrival order, so a quick open-close pair is never stored out of order.
 */
export class DoorEventsService {
  /** Received, not yet handled, in arrival order: one loop works through them. */
  private pending: LockerDriverEvent[] = [];
  private working = false;
  private worked: Promise<void> = Promise.resolve();
  /** The latest LockerUpdate handed to realtime (they are sent in order, so it is the last). */
  private published: Promise<void> = Promise.resolve();
  /** Who asked for the command now in flight on a door (`place:door`). */
  private readonly actors = new Map<string, CommandActor>();
  private readonly first: DoorShownFirst;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly lockerUpdates: LockerUpdates,
    private readonly log: FastifyBaseLogger,
    /** Fed by realtime with every LockerUpdate delivered (plugins/devices.ts). */
    private readonly cache: DoorStateCache,
  ) {
    this.first = new DoorShownFirst(cache, lockerUpdates);
  }

  expectCommand(placeId: number, doorNumber: number, actor: CommandActor): () => void {
    const key = `${placeId}:${doorNumber}`;
    this.actors.set(key, actor);
    return () => {
      if (this.actors.get(key) === actor) this.actors.delete(key);
    };
  }

  handle(event: LockerDriverEvent): void {
    if (event.type === 'heartbeat' || event.type === 'command' || event.type === 'journal') return;
    if (event.type === 'broker') return;
    // Shown on arrival when it can be (door-shown-first.ts); recorded in its turn.
    if (event.type === 'doorState') this.published = this.first.show(event) ?? this.published;
    // A plain array rather than a promise chain: at start every door of every controller
    // arrives at once (21,000 at the large benchmark scale), one closure and two promises each.
    this.pending.push(event);
    if (this.working) return;
    this.working = true;
    this.worked = this.work();
  }

  /** Resolves when every event received so far is stored and published. */
  async drain(): Promise<void> {
    while (this.working) await this.worked;
    await this.published;
    await this.bus.idle();
  }

  private async work() {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      for (let i = 0; i < batch.length;) {
        const run = reportRun(batch, i);
        if (run >= REPORT_RUN) {
          await this.doorReport(batch.slice(i, i + run) as DoorStateEvent[]);
          i += run;
        } else await this.processOne(batch[i++]!);
      }
    }
    this.working = false;
  }

  private async processOne(event: LockerDriverEvent): Promise<boolean> {
    try {
      await this.process(event);
      return true;
    } catch (err) {
      this.log.error({ err, event }, 'door event not recorded');
      return false;
    }
  }

  /**
   * A controller reports its doors together when it comes online, almost all as stored already
   * (every controller at every start): one query finds the few that changed, which are then
   * recorded one by one, instead of a lookup and a transaction per door.
   */
  private async doorReport(events: DoorStateEvent[]) {
    let stored: Map<number, number>;
    const placeId = events[0]!.placeId;
    try {
      const doors = await doorRuntimeRepository.storedDoors(
        this.db,
        placeId,
        events.map((e) => e.doorNumber),
      );
      stored = new Map(doors.map((d) => [d.door_number, d.door_status]));
      // The doors' next reports can be shown before they are recorded (door-state-cache.ts).
      this.cache.storedRows(placeId, doors);
    } catch (err) {
      this.log.error({ err }, 'door report not read; recording each door');
      stored = new Map();
    }
    for (const e of events) {
      if (stored.get(e.doorNumber) === e.status && !this.first.wasShown(e)) continue;
      if (await this.processOne(e)) stored.set(e.doorNumber, e.status);
    }
  }

  private async process(event: LockerDriverEvent) {
    if (event.type === 'doorState') await this.doorState(event);
    else if (event.type === 'tag') await this.tag(event);
    else if (event.type === 'exteriorDoor') await this.exteriorDoor(event);
    else if (event.type === 'tagSnapshot') {
      const at = event.at.toISOString();
      // A tag seen holds its locker (the tile rule): when that changed, grids and counts read again.
      if (await lockerTagsRepository.snapshot(this.db, event.placeId, event.tags, at))
        void this.lockerUpdates.changed({ placeId: event.placeId }, { capacity: true });
      this.bus.emit('tagSnapshot', { placeId: event.placeId, tags: event.tags, at });
    } else if (event.type === 'controller') {
      this.bus.emit('controller', {
        placeId: event.placeId,
        online: event.online,
        at: event.at.toISOString(),
      });
    }
  }

  /**
   * A door going out of reach, or back as it was last reported, is no door event (issue #32): only
   * the grid's status changes. Back with another status, the change is recorded from the status
   * last reported, not from 255: that event comes back; null when nothing more is to be done.
   */
  private async reachability(e: DoorStateEvent): Promise<DoorStateEvent | null> {
    if (!touchesReachability(e)) return e;
    const locker = await doorRuntimeRepository.lockerByDoor(this.db, e.placeId, e.doorNumber);
    if (!locker) return e;
    const reported =
      locker.door_status === DOOR_STATUS.OFFLINE ? locker.door_reported_status : locker.door_status;
    if (e.status !== DOOR_STATUS.OFFLINE && e.status !== reported)
      return { ...e, previousStatus: reported as DoorStateEvent['previousStatus'] };
    const changed = await doorRuntimeRepository.setReachability(
      this.db,
      locker.id,
      e.status,
      e.at.toISOString(),
    );
    if (changed) {
      this.published = this.lockerUpdates.known([
        {
          placeId: e.placeId,
          lockerId: changed.id,
          doorNumber: e.doorNumber,
          status: changed.status,
          doorStatus: e.status,
          enabled: changed.enabled,
        },
      ]);
    }
    return null;
  }

  private async doorState(reportedEvent: DoorStateEvent) {
    let outcome: RecordOutcome = 'refused';
    try {
      outcome = await this.recordDoor(reportedEvent);
    } finally {
      // A report shown on arrival: the screens end with what the database holds.
      const sent = this.first.settle(reportedEvent, outcome);
      if (sent) this.published = sent;
    }
  }

  private async recordDoor(reportedEvent: DoorStateEvent): Promise<RecordOutcome> {
    const e = await this.reachability(reportedEvent);
    if (!e) return 'refused';
    const at = e.at.toISOString();
    const actor = e.commanded ? this.actors.get(`${e.placeId}:${e.doorNumber}`) : undefined;
    // Duplicates (a snapshot resent, a reconnect, another instance first) change nothing.
    const recorded = await doorRuntimeRepository.recordDoorState(
      this.db,
      {
        place_id: e.placeId,
        door_number: e.doorNumber,
        door_status: e.status,
        previous_status: e.previousStatus,
        commanded: e.commanded ? 1 : 0,
        command_id: e.commandId,
        admin_id: actor?.adminId ?? null,
        user_id: actor?.userId ?? null,
        created_at: at,
      },
      e.sequence,
    );
    if (!recorded) {
      if (actor && e.commandId)
        await doorRuntimeRepository.attributeEvent(this.db, e.commandId, e.status, actor);
      return 'refused';
    }
    const { locker } = recorded;
    const update = locker && {
      placeId: e.placeId,
      lockerId: locker.id,
      doorNumber: e.doorNumber,
      status: locker.status,
      doorStatus: e.status,
      enabled: locker.enabled,
    };
    if (update) {
      // Not awaited: the next door event need not wait for this one's notification to leave.
      // The state comes back from the write: no second read on this hot path.
      if (!this.first.wasShown(reportedEvent)) this.published = this.lockerUpdates.known([update]);
      this.cache.recorded(e.placeId, e.doorNumber, e.sequence);
    }
    this.bus.emit('doorChanged', {
      placeId: e.placeId,
      lockerId: locker?.id ?? null,
      doorNumber: e.doorNumber,
      doorStatus: e.status,
      previousStatus: e.previousStatus,
      commanded: e.commanded,
      commandId: e.commandId,
      at,
    });
    return update ? { stored: update } : 'gone';
  }

  /**
   * Recorded only as the controller reported it: the transitions to and from offline are the
   * controller's, already told by the controller event.
   */
  private async exteriorDoor(e: ExteriorDoorEvent) {
    if (e.status === DOOR_STATUS.OFFLINE || e.previousStatus === DOOR_STATUS.OFFLINE) return;
    const at = e.at.toISOString();
    const actor = e.commanded ? this.actors.get(`${e.placeId}:${EXTERIOR_DOOR}`) : undefined;
    const recorded = await doorRuntimeRepository.insertExteriorEvent(this.db, {
      place_id: e.placeId,
      door_status: e.status,
      previous_status: e.previousStatus,
      commanded: e.commanded ? 1 : 0,
      command_id: e.commandId,
      purpose: e.purpose,
      admin_id: actor?.adminId ?? null,
      user_id: actor?.userId ?? null,
      created_at: at,
    });
    if (!recorded) return;
    this.bus.emit('exteriorDoor', {
      placeId: e.placeId,
      doorStatus: e.status,
      previousStatus: e.previousStatus,
      open: e.open,
      commanded: e.commanded,
      commandId: e.commandId,
      purpose: e.purpose,
      at,
    });
  }

  private async tag(e: TagEvent) {
    const locker = await doorRuntimeRepository.lockerByDoor(this.db, e.placeId, e.doorNumber);
    if (locker) {
      await lockerTagsRepository.seen(this.db, locker.id, e.tagId, e.present, e.at.toISOString());
      void this.lockerUpdates.changed([locker.id], { capacity: true });
    }
    this.bus.emit('tag', {
      placeId: e.placeId,
      lockerId: locker?.id ?? null,
      doorNumber: e.doorNumber,
      tagId: e.tagId,
      present: e.present,
      at: e.at.toISOString(),
    });
  }
}
