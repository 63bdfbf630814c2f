import {
  canApplyOrderAction,
  pickupQrPayload,
  DELIVERY_TYPE,
  DOOR_STATUS,
  LOCKER_STATUS,
  ORDER_EXPIRED_AFTER_DAYS,
  ORDER_STATE,
  WAITING_PICKUP_STATES,
  type Order,
  type OrderAction,
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
import { loadOrder, loadVisible } from './order-access.js';
import type { Actor } from './order-events.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { orderMessages, toOrder } from './order-mapper.js';
import { refuse, targetFor, targetOf, transition } from './order-transitions.js';
import type { OrdersDeps } from './orders-deps.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';
import { CODE_STATES, newPickupCode, pickupCodeFor, pinHash, qrHash } from './pickup-codes.js';

/** What the door closing means for an order that had its door opened, by the order's state. */
const CLOSE_ACTIONS: Partial<Record<OrderState, OrderAction>> = {
  [ORDER_STATE.OPEN_FOR_DELIVERY]: 'depositClosed',
  [ORDER_STATE.EXTERIOR_DOOR_OPENED_TO_DEPOSIT]: 'depositClosed',
  [ORDER_STATE.OPEN_WITH_PIN]: 'pickupClosed',
  [ORDER_STATE.OPEN_WITH_QRCODE]: 'pickupClosed',
  [ORDER_STATE.EXTERIOR_DOOR_OPENED_TO_PICKUP]: 'pickupClosed',
  [ORDER_STATE.OPEN_FOR_CANCEL]: 'cancelClosed',
  [ORDER_STATE.OPEN_FOR_VERIFICATION]: 'verificationClosed',
  [ORDER_STATE.OPEN_FOR_RETURN]: 'returnClosed',
};
/** Door closings after which the package is out and the locker free again. */
const FREES_LOCKER: readonly OrderAction[] = ['pickupClosed', 'cancelClosed', 'returnClosed'];
const OPEN_STATES = Object.keys(CLOSE_ACTIONS).map(Number) as OrderState[];
/** An order may sit in a door-open state this long before the sweep looks at it. */
const RECONCILE_AFTER_MS = 10 * 60_000;

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

  /**
   * Puts a package in the stored state, with a pickup code when it has none yet (the recipient's
   * code when other parcels of theirs wait at the place); the message listener sends it.
   */
  private async storeIn(order: OrderRow, action: OrderAction, actor: Actor, at?: string) {
    const now = at ?? nowIso();
    await this.db.transaction().execute(async (tx) => {
      // A dropped-off return gets no pickup code: no one picks it up with one (its customer must not
      // share a code with their own parcels at the place), the carrier collects it (docs/adr/0180).
      const first = order.pickup_pin_hash === null && order.delivery_type !== DELIVERY_TYPE.RETURN_BOX;
      const code = first && order.place_id !== null ? await pickupCodeFor(tx, order, order.place_id) : null;
      if (order.locker_id !== null) {
        // Until the pickup window is set (the message listener does, from the location type's rules).
        const expiresAt =
          order.expires_at ??
          new Date(Date.parse(order.stored_at ?? now) + ORDER_EXPIRED_AFTER_DAYS * 86_400_000).toISOString();
        await deliveryLockersRepository.setStatus(
          tx,
          order.locker_id,
          LOCKER_STATUS.OCCUPIED_DELIVERY,
          now,
          expiresAt,
        );
      }
      await transition(
        tx,
        this.deps.events,
        order,
        action,
        actor,
        { ...(code ? code.patch : {}), ...(order.stored_at ? {} : { stored_at: now }) },
        { issuedCode: code ?? undefined, at },
      );
    });
    await this.deps.lockerUpdates.changed([order.locker_id], { capacity: true });
  }

  async verify(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    await openDoorAction(this.deps, order, 'verify', account);
    return this.reply(account, orderId);
  }

  async store(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId);
    targetOf('store', order.state);
    await this.storeIn(order, 'store', account);
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

  /** A courier or staff opens an expired parcel's door to take it back (closing it records the return). */
  async openForReturn(account: Account, orderId: number) {
    const order = await loadOrder(this.db, account, orderId, 'return');
    await openDoorAction(this.deps, order, 'openForReturn', account);
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

  /**
   * Orders left in a door-open state (a door event missed while the server was down, or a crash
   * between moving the order and sending the command). When the open was confirmed (logged) and
   * the door is closed now, the missed close is applied; when it never was, the order goes back to
   * the state it had before. Runs from a periodic job.
   */
  async reconcile(olderThanMs = RECONCILE_AFTER_MS): Promise<number> {
    const before = nowIso(new Date(Date.now() - olderThanMs));
    const stuck = await ordersRepository.staleInStates(this.db, OPEN_STATES, before);
    let fixed = 0;
    for (const order of stuck) {
      const logs = await orderLogsRepository.ofOrder(this.db, order.id);
      const last = logs.at(-1);
      if (!last) continue;
      if (last.state === order.state) {
        const locker =
          order.locker_id === null ? null : await deliveryLockersRepository.locker(this.db, order.locker_id);
        if (locker?.door_status !== DOOR_STATUS.CLOSED) continue;
        await this.onDoorChanged({
          placeId: locker.place_id,
          lockerId: locker.id,
          doorNumber: locker.door_number,
          doorStatus: DOOR_STATUS.CLOSED,
          previousStatus: DOOR_STATUS.OPEN,
          commanded: false,
          commandId: null,
          at: nowIso(),
        });
      } else if (
        await ordersRepository.updateIf(
          this.db,
          order.id,
          order.version,
          { state: last.state, updated_at: nowIso() },
          [order.state],
        )
      ) {
        this.deps.log.warn(
          { orderId: order.id, state: order.state, back: last.state },
          'orders: unconfirmed door open reverted',
        );
      }
      fixed++;
    }
    return fixed;
  }

  /** Door events from the device layer: a door closing completes the step its opening started. */
  async onDoorChanged(e: BusEvents['doorChanged']): Promise<void> {
    if (e.doorStatus !== DOOR_STATUS.CLOSED || e.lockerId === null) return;
    const order = await ordersRepository.findActiveByLocker(this.db, e.lockerId, OPEN_STATES);
    if (!order) return;
    const action = CLOSE_ACTIONS[order.state as OrderState]!;
    // A wall's journal replayed after an outage: the order moves at the wall's time (ADR 0125).
    const at = e.replayed ? e.at : undefined;
    if (action === 'depositClosed') {
      await this.storeIn(order, action, null, at);
      return;
    }
    await this.db.transaction().execute(async (tx) => {
      await transition(
        tx,
        this.deps.events,
        order,
        action,
        null,
        action === 'pickupClosed' && !order.picked_up_at ? { picked_up_at: at ?? nowIso() } : {},
        { at },
      );
      if (FREES_LOCKER.includes(action) && order.locker_id !== null) {
        await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
      }
    });
    await this.deps.lockerUpdates.changed([order.locker_id], { capacity: true });
  }
}
