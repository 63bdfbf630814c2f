import type { FastifyBaseLogger } from 'fastify';
import { MSG_TYPE } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { DoorStateEvent, LockerDriverEvent, TagEvent } from '../../devices/locker-driver.js';
import { doorRuntimeRepository } from './door-runtime.repository.js';

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
  private queue: Promise<void> = Promise.resolve();
  /** Who asked for the command now in flight on a door (`place:door`). */
  private readonly actors = new Map<string, CommandActor>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  expectCommand(placeId: number, doorNumber: number, actor: CommandActor): () => void {
    const key = `${placeId}:${doorNumber}`;
    this.actors.set(key, actor);
    return () => {
      if (this.actors.get(key) === actor) this.actors.delete(key);
    };
  }

  handle(event: LockerDriverEvent): void {
    if (event.type !== 'doorState' && event.type !== 'tag' && event.type !== 'controller') return;
    this.queue = this.queue
      .then(() => this.process(event))
      .catch((err: unknown) => this.log.error({ err, event }, 'door event not recorded'));
  }

  /** Resolves when every event received so far is stored and published. */
  async drain(): Promise<void> {
    await this.queue;
    await this.bus.idle();
  }

  private async process(event: LockerDriverEvent) {
    if (event.type === 'doorState') await this.doorState(event);
    else if (event.type === 'tag') await this.tag(event);
    else if (event.type === 'controller') {
      this.bus.emit('controller', {
        placeId: event.placeId,
        online: event.online,
        at: event.at.toISOString(),
      });
    }
  }

  private async doorState(e: DoorStateEvent) {
    const at = e.at.toISOString();
    const locker = await doorRuntimeRepository.lockerByDoor(this.db, e.placeId, e.doorNumber);
    const actor = e.commanded ? this.actors.get(`${e.placeId}:${e.doorNumber}`) : undefined;
    const recorded = await this.db.transaction().execute(async (tx) => {
      // Duplicates (a snapshot resent, a reconnect, another instance first) change nothing.
      if (locker && !(await doorRuntimeRepository.setDoorStatus(tx, locker.id, e.status, at))) return false;
      await doorRuntimeRepository.insertDoorEvent(tx, {
        place_id: e.placeId,
        locker_id: locker?.id ?? null,
        door_number: e.doorNumber,
        door_status: e.status,
        previous_status: e.previousStatus,
        commanded: e.commanded ? 1 : 0,
        command_id: e.commandId,
        admin_id: actor?.adminId ?? null,
        user_id: actor?.userId ?? null,
        created_at: at,
      });
      return true;
    });
    if (!recorded) {
      if (actor && e.commandId)
        await doorRuntimeRepository.attributeEvent(this.db, e.commandId, e.status, actor);
      return;
    }
    if (locker) {
      await this.realtime.publish({
        MsgType: MSG_TYPE.LOCKER_UPDATE,
        Data: {
          placeId: e.placeId,
          lockerId: locker.id,
          doorNumber: e.doorNumber,
          status: locker.status,
          doorStatus: e.status,
          enabled: locker.enabled,
        },
      });
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
  }

  private async tag(e: TagEvent) {
    const locker = await doorRuntimeRepository.lockerByDoor(this.db, e.placeId, e.doorNumber);
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
