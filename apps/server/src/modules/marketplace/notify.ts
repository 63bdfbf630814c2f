import type { FastifyInstance } from 'fastify';
import { MSG_TYPE, type RealtimeMessage } from '@cacifo/contract';

interface MarketplaceChange {
  transactionIds?: number[];
  placeIds?: number[];
  lockerIds?: number[];
}
export type Notify = (change: MarketplaceChange) => void;

/**
 * Realtime after a committed change: UpdateTransactions for the back-office lists, UpdateCapacity
 * and LockerUpdate for the location screens. Publishing never fails the call that caused it.
 */
export function realtimeNotifier(app: FastifyInstance): Notify {
  const send = (m: RealtimeMessage) => app.realtime.publish(m);
  return (change) => {
    void (async () => {
      if (change.transactionIds?.length) {
        await send({
          MsgType: MSG_TYPE.UPDATE_TRANSACTIONS,
          Data: { transactionIds: [...new Set(change.transactionIds)] },
        });
      }
      for (const placeId of new Set(change.placeIds ?? []))
        await send({ MsgType: MSG_TYPE.UPDATE_CAPACITY, Data: { placeId } });
      if (change.lockerIds?.length) await app.lockerUpdates.changed(change.lockerIds);
    })().catch((err: unknown) => app.log.warn({ err }, 'marketplace realtime publish failed'));
  };
}
