import type { FastifyBaseLogger } from 'fastify';
import { MSG_TYPE, type LockerUpdateData } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { Realtime } from '../../plugins/realtime.js';
import type { LockerScope } from './locker-info.js';
import { lockerUpdatesRepository } from './locker-updates.repository.js';

export interface LockerUpdateOptions {
  /** Also send UpdateCapacity once for each place of these lockers (availability counts changed). */
  capacity?: boolean;
  /** Written to this instance's sockets before the call returns (Realtime.publish). */
  now?: boolean;
}

/**
 * The one way to tell every screen "these lockers changed" (issue #21): a LockerUpdate per locker
 * with its state as stored now, and, when asked, an UpdateCapacity per place. Publishing follows a
 * committed change and never fails the call that caused it: failures are logged.
 */
export class LockerUpdates {
  constructor(
    private readonly db: Db,
    private readonly realtime: Pick<Realtime, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Reads the lockers (some ids, `null`s skipped, or every locker of a place) in one query and
   * publishes them.
   */
  async changed(
    lockers: readonly (number | null | undefined)[] | { placeId: number },
    opts: LockerUpdateOptions = {},
  ): Promise<void> {
    try {
      const scope: LockerScope =
        'placeId' in lockers
          ? { placeId: lockers.placeId }
          : { lockerIds: [...new Set(lockers.filter((id): id is number => typeof id === 'number'))] };
      if ('lockerIds' in scope && scope.lockerIds.length === 0) return;
      const rows = await lockerUpdatesRepository.lockerStates(this.db, scope);
      await this.send(
        rows.map((l) => ({
          placeId: l.place_id,
          lockerId: l.id,
          doorNumber: l.door_number,
          status: l.status,
          doorStatus: l.door_status,
          enabled: l.enabled,
        })),
        opts,
      );
    } catch (err) {
      this.log.warn({ err }, 'realtime: locker update not published');
    }
  }

  /**
   * Publishes states the caller has just written (door events: the state comes back from the
   * write, and a second read would cost the hot path a query). The first message leaves at once.
   */
  async known(states: readonly LockerUpdateData[], opts: LockerUpdateOptions = {}): Promise<void> {
    try {
      await this.send(states, opts);
    } catch (err) {
      this.log.warn({ err }, 'realtime: locker update not published');
    }
  }

  // Realtime keeps the order of the calls (to this instance's sockets and across instances), so
  // the messages are handed over together and awaited together.
  private async send(states: readonly LockerUpdateData[], opts: LockerUpdateOptions) {
    const now = { now: opts.now };
    const sent = states.map((Data) => this.realtime.publish({ MsgType: MSG_TYPE.LOCKER_UPDATE, Data }, now));
    if (opts.capacity) {
      for (const placeId of new Set(states.map((s) => s.placeId)))
        sent.push(this.realtime.publish({ MsgType: MSG_TYPE.UPDATE_CAPACITY, Data: { placeId } }));
    }
    await Promise.all(sent);
  }
}
