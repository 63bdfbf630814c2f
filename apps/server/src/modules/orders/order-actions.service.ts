import {
  canApplyOrderAction,
  pickupQrPayload,
  LOCKER_STATUS,
  WAITING_PICKUP_STATES,
  type Order,
  type OrderState,
} from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account, KioskCaller } from '../../lib/account.js';
import type { BusEvents } from '../../lib/event-bus.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import { deliveryLockersRepository } from './delivery-lockers.repository.js';
import { openDoorAction } from './door-actions.js';
import { openByCode } from './kiosk-pickup.js';
import { isDroppedOffReturn, loadOrder, loadVisible } from './order-access.js';
import { onDoorClosed, reconcileOpenDoors, storeIn } from './order-door-close.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { orderMessages, toOrder } from './order-mapper.js';
import { refuse, targetFor, targetOf, transition } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository } from './orders.repository.js';
import { CODE_STATES, newPickupCode, pinHash, qrHash } from './pickup-codes.js';

export interface AdminPinChecker {
  verify(account: Pick<Account, 'id'>, pin: string): Promise<void>;
}

/** Staff actions on an order, the recipient's kiosk pickup, and what a door closing changes. */
export class OrderActionsService {
  private readonly guard: KioskGuard;
  constructor(
    private readonly deps: OrdersDeps,
    private readonly adminPin: AdminPinChecker,
  ) {
    this.guard = new KioskGuard(deps.db);
  }
  private get db() {
    return this.deps.db;
  }

  private async reply(account: Account | null, id: number): Promise<Order> {
    const row = await loadVisible(this.db, account, id);
    return toOrder(row, await orderLogsRepository.ofOrder(this.db, id), await orderMessages(this.db, id));
  }

  async verify(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    await openDoorAction(this.deps, order, 'verify', account);
    return this.reply(account, orderId);
  }

  async store(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    targetOf('store', order.state);
    await storeIn(this.deps, order, 'store', account);
    return this.reply(account, orderId);
  }

  async archive(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    await this.db
      .transaction()
      .execute((tx) => transition(tx, this.deps.events, order, 'archive', account, { archived: 1 }));
    return this.reply(account, orderId);
  }

  /**
   * A new pickup code replaces the old one (only hashes are kept, so the old one cannot be re-sent).
   * Parcels of the same recipient that shared the old code take the new one with it.
   */
  async resendSms(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    targetOf('resendSms', order.state);
    if (order.place_id === null) refuse('resendSms', order.state);
    await this.db.transaction().execute(async (tx) => {
      const code = await newPickupCode(tx, order, order.place_id!);
      if (order.pickup_pin_hash) {
        const sharing = await ordersRepository.withCode(
          tx,
          order.place_id!,
          'pickup_pin_hash',
          order.pickup_pin_hash,
          WAITING_PICKUP_STATES,
        );
        const others = sharing.map((o) => o.id).filter((id) => id !== order.id);
        await ordersRepository.setColumns(tx, others, code.patch);
      }
      await transition(tx, this.deps.events, order, 'resendSms', account, code.patch, { issuedCode: code });
    });
    return this.reply(account, orderId);
  }

  /**
   * A courier or staff opens an expired parcel's door to take it back, or a dropped-off return's to
   * collect it (docs/adr/0180); closing it records the return.
   */
  async openForReturn(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId, 'return');
    await openDoorAction(
      this.deps,
      order,
      isDroppedOffReturn(order) ? 'collectReturn' : 'openForReturn',
      account,
    );
    return this.reply(account, orderId);
  }

  /** Before deposit the order is simply cancelled; with a package inside, the door opens for it. */
  async cancel(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    if (canApplyOrderAction('cancelBeforeDeposit', order.state as OrderState)) {
      await this.db.transaction().execute(async (tx) => {
        await transition(tx, this.deps.events, order, 'cancelBeforeDeposit', account);
        if (order.locker_id !== null) {
          await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
        }
      });
      await this.deps.lockerUpdates.changed([order.locker_id], { capacity: true });
    } else {
      await openDoorAction(this.deps, order, 'cancel', account);
    }
    return this.reply(account, orderId);
  }

  async deliverByStaff(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    await openDoorAction(this.deps, order, 'deliverByStaff', account, {
      patch: { picked_up_at: nowIso() },
      afterOpen: async (tx) => {
        await deliveryLockersRepository.setStatus(tx, order.locker_id!, LOCKER_STATUS.AVAILABLE, nowIso());
      },
    });
    return this.reply(account, orderId);
  }

  /** Unassigns the locker (SPEC §5: needs the admin's PIN). */
  async releaseLocker(account: Account, orderId: number, pin: string) {
    const order = await loadOrder(this.db, account, orderId);
    targetFor('releaseLocker', order);
    await this.adminPin.verify(account, pin);
    await this.db.transaction().execute(async (tx) => {
      await transition(tx, this.deps.events, order, 'releaseLocker', account, { locker_id: null });
      if (order.locker_id !== null) {
        await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
      }
    });
    await this.deps.lockerUpdates.changed([order.locker_id], { capacity: true });
    return this.reply(account, orderId);
  }

  /**
   * The recipient at the kiosk (screen role) types the SMS code or shows the QR: the door opens and
   * the order waits for the door to close to become delivered.
   */
  async kioskPickup(screen: KioskCaller, body: { pin?: string | undefined; qrCode?: string | undefined }) {
    // The screen's own place (bound by the auth plugin), and only when it is a delivery wall.
    if (screen.place.type !== 'DELIVERY') throw new AppError('kioskNotBound');
    const placeId = screen.place.id;
    // Wrong codes count per code typed, per screen and per place (docs/adr/0130).
    const attempt = await this.guard.begin(
      screen,
      body.pin ? 'pickupCode' : 'pickupQr',
      body.pin ?? body.qrCode ?? '',
    );
    // One recipient's parcels at a place share a code, and an expired parcel answers to its return code.
    const orders = body.pin
      ? await ordersRepository.withCode(
          this.db,
          placeId,
          'pickup_pin_hash',
          pinHash(placeId, body.pin),
          CODE_STATES,
        )
      : await ordersRepository.withCode(
          this.db,
          placeId,
          'pickup_qr_hash',
          qrHash(pickupQrPayload(body.qrCode ?? '')),
          WAITING_PICKUP_STATES,
        );
    if (orders.length === 0) throw new AppError('wrongPin');
    // A right code is not a failure: it gives its attempt back.
    await attempt.succeeded();
    return openByCode(this.deps, orders, screen, body.pin ? 'pin' : 'qr');
  }

  /** Orders left in a door-open state: the missed close applied, or the unconfirmed open undone (order-door-close.ts). */
  reconcile(olderThanMs?: number): Promise<number> {
    return reconcileOpenDoors(this.deps, olderThanMs);
  }

  /** Door events from the device layer: a door closing completes the step its opening started. */
  onDoorChanged(e: BusEvents['doorChanged']): Promise<void> {
    return onDoorClosed(this.deps, e);
  }
}
