import { DELIVERY_TYPE, ORDER_STATE, type OrderAction } from '@cacifo/contract';
import type { Tx } from '../../db/schema.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import type { OrderRow } from './orders.repository.js';

/**
 * Who did it: a staff or kiosk account, a partner's API key (`id` null: it is no account), or null
 * for the system (a door closing, a job).
 */
export type Actor = (Pick<Account, 'name' | 'username' | 'company'> & { id: number | null }) | null;

/** A pickup or return code in plain text, as issued: the order keeps only its hashes. */
export interface PlainCode {
  pin: string;
  /** The QR payload; null for a return code (typed only). */
  qr: string | null;
}

/** What changed an order: an action of the contract's state machine, its creation or its deletion. */
export type OrderChangeAction = OrderAction | 'create' | 'delete';

/**
 * One change of one order, as its listeners see it inside the transaction that makes it. Every
 * change that writes an order log row is announced, exactly once, with that row (see ADR 0050).
 */
export interface OrderChange {
  action: OrderChangeAction;
  orderId: number;
  /** The order before the change, with its locker and place; null when it was just created. */
  before: OrderRow | null;
  /** The order after the change, read inside the transaction; null when it was deleted. */
  after: OrderRow | null;
  actor: Actor;
  /** The log row's description: the door outcome, "import", the locker chosen... */
  description: string | null;
  /**
   * The code this change issued (a pickup code when stored or resent, a return code at expiry), in
   * plain text: the only moment it exists outside a hash. Listeners that deliver it get it here.
   */
  issuedCode?: PlainCode;
  at: string;
}

/**
 * Listeners run inside the transaction of the change, in registration order, and write with `tx`
 * only (their rows commit or roll back with the order). A listener that throws fails the change.
 * They receive a batch: one change for a staff action, every order of an import at once.
 */
export type OrderChangeListener = (tx: Tx, changes: readonly OrderChange[]) => Promise<void>;

/** The lifecycle steps other systems talk about (webhook events, recipient messages). */
export const ORDER_MILESTONES = [
  'created',
  'lockerAssigned',
  'stored',
  'pickedUp',
  'canceled',
  'expired',
  'returned',
  'droppedOff',
  'collected',
] as const;
export type OrderMilestone = (typeof ORDER_MILESTONES)[number];

const MILESTONE_OF_ACTION: Partial<Record<OrderChangeAction, OrderMilestone>> = {
  create: 'created',
  assignLocker: 'lockerAssigned',
  pickupClosed: 'pickedUp',
  deliverByStaff: 'pickedUp',
  cancelClosed: 'canceled',
  cancelBeforeDeposit: 'canceled',
  expire: 'expired',
  returnClosed: 'returned',
};

/**
 * The milestone a change reaches, if any. "stored" is the first time the package is stored (a
 * verified package put back by staff is not stored again), "droppedOff" the same for a return box,
 * "collected" a return box's door closing after its collection; the others follow from the action.
 */
export function milestoneOf(change: OrderChange): OrderMilestone | null {
  if (
    change.after?.state === ORDER_STATE.STORED_IN_LOCKER &&
    change.before?.state !== ORDER_STATE.STORED_IN_LOCKER &&
    change.before?.stored_at === null
  ) {
    // A customer's return stored at a wall is its drop-off (docs/adr/0180), not a parcel to pick up.
    return change.after.delivery_type === DELIVERY_TYPE.RETURN_BOX ? 'droppedOff' : 'stored';
  }
  // A dropped-off return taken out by its carrier or an operator is collected, not sent back.
  if (change.action === 'returnClosed' && change.after?.delivery_type === DELIVERY_TYPE.RETURN_BOX) {
    return 'collected';
  }
  return MILESTONE_OF_ACTION[change.action] ?? null;
}

/**
 * The transactional hook point of order changes. Modules register their listeners at start
 * (`app.orderEvents.on(name, listener)`); the orders code calls `emit` inside the transaction of
 * every change it records. Outboxes (recipient messages, partner webhooks) subscribe here so that a
 * change and what must follow from it are written together or not at all.
 */
export class OrderEvents {
  private readonly listeners: Array<{ name: string; listener: OrderChangeListener }> = [];

  /** Adds a listener; `name` (unique) names it in errors. Returns a function that removes it. */
  on(name: string, listener: OrderChangeListener): () => void {
    if (this.listeners.some((l) => l.name === name)) throw new Error(`order listener ${name} exists`);
    const entry = { name, listener };
    this.listeners.push(entry);
    return () => {
      const i = this.listeners.indexOf(entry);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Calls every listener with `changes` inside `tx`; the first failure is rethrown (rollback). */
  async emit(tx: Tx, changes: readonly OrderChange[]): Promise<void> {
    if (changes.length === 0) return;
    for (const { name, listener } of [...this.listeners]) {
      try {
        await listener(tx, changes);
      } catch (err) {
        // An AppError keeps its code (a listener may refuse a change on purpose); others say who failed.
        if (err instanceof Error && !(err instanceof AppError)) {
          err.message = `order listener ${name}: ${err.message}`;
        }
        throw err;
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Order changes, announced inside their transaction (modules/orders/order-events.ts). */
    orderEvents: OrderEvents;
  }
}
