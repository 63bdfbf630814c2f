import {
  canApplyOrderAction,
  DELIVERY_TYPE,
  LOCKER_STATUS,
  ORDER_RECIPIENT_NAME,
  ORDER_STATE,
  type DeliveryPlace,
  type OrderState,
  type PartnerOrder,
  type partnerOrderInputSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/helpers.js';
import type { ApiKeyCaller } from '../../lib/account.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { AppError } from '../../lib/errors.js';
import { deliveryLockersRepository } from '../orders/delivery-lockers.repository.js';
import type { DeliveryLockersService } from '../orders/delivery-lockers.service.js';
import type { Actor } from '../orders/order-events.js';
import { recordChange } from '../orders/order-log-writer.js';
import { transition } from '../orders/order-transitions.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { packageIdTaken } from '../orders/order-access.js';
import { seesRecipients, toPartnerOrder } from './partner-order-mapper.js';
import { partnerOrdersRepository } from './partner-orders.repository.js';

/** How a key appears in order logs and as an order's creator: its partner's name, marked as the API. */
function partnerActor(key: ApiKeyCaller): NonNullable<Actor> {
  const name = `${key.name} (API)`;
  return { id: null, name, username: name, company: key.company };
}

/** What a pre-advice says (an order's or a return's): the recipient's fields a return may leave out. */
type PartnerOrderFields = Omit<
  z.output<typeof partnerOrderInputSchema>,
  'recipientEmail' | 'recipientPhone' | 'recipientNumber' | 'recipientLanguage'
> &
  Partial<
    Pick<
      z.output<typeof partnerOrderInputSchema>,
      'recipientEmail' | 'recipientPhone' | 'recipientNumber' | 'recipientLanguage'
    >
  >;

/** Pre-advised orders of the partner API (issue #24), through the same order engine as the back-office. */
export class PartnerOrdersService {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly lockers: Pick<DeliveryLockersService, 'deliveryPlaces'>,
  ) {}
  private get db() {
    return this.deps.db;
  }

  /**
   * A pre-advised parcel; with `returnCodeHash`, a return its customer drops off at a wall with that
   * code (delivery type 2, docs/adr/0180).
   */
  async create(key: ApiKeyCaller, input: PartnerOrderFields, returnCodeHash?: string): Promise<PartnerOrder> {
    if (input.locationId !== undefined) {
      const place = await deliveryLockersRepository.place(this.db, input.locationId);
      if (place?.type !== 'DELIVERY') throw new AppError('notFound', { locationId: input.locationId });
      // Only a location granted to the key's client (ADR 0190); another reads as not existing.
      const granted = await clientsRepository.grantedPlaceIds(this.db, key.company);
      if (!granted.includes(input.locationId))
        throw new AppError('notFound', { locationId: input.locationId });
    }
    const actor = partnerActor(key);
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      const id = await ordersRepository.insertIfNew(tx, {
        package_id: input.packageId,
        delivery_type: returnCodeHash ? DELIVERY_TYPE.RETURN_BOX : DELIVERY_TYPE.PACKAGE,
        dropoff_code_hash: returnCodeHash ?? null,
        recipient_name: input.recipientName || ORDER_RECIPIENT_NAME,
        recipient_email: input.recipientEmail ?? '',
        recipient_phone: input.recipientPhone ?? '',
        recipient_number: input.recipientNumber ?? '',
        // The recipient's messages go out in this language (unset: the service's default).
        recipient_language: input.recipientLanguage ?? null,
        state: ORDER_STATE.CREATED,
        company: key.company,
        created_by: null,
        created_by_name: actor.name,
        created_at: now,
        updated_at: now,
        api_key_id: key.id,
        target_place_id: input.locationId ?? null,
        parcel_size: input.size ?? null,
      });
      // The unique package id: a parcel already known (from any source) is not advised twice.
      if (id === null) throw packageIdTaken(key, input.packageId);
      await recordChange(tx, this.deps.events, {
        orderId: id,
        before: null,
        action: 'create',
        from: null,
        to: ORDER_STATE.CREATED,
        actor,
      });
    });
    return this.get(key, input.packageId, false);
  }

  async get(key: ApiKeyCaller, packageId: string, withHistory = true): Promise<PartnerOrder> {
    // The client scope (ADR 0100) is in the repository's one lookup: another client's order is not found.
    const row = await partnerOrdersRepository.byPackageId(this.db, key.company, packageId);
    if (!row) throw new AppError('orderNotExist');
    const history = withHistory ? await partnerOrdersRepository.history(this.db, row.id) : undefined;
    return toPartnerOrder(row, { recipient: seesRecipients(key.scopes), history });
  }

  /** Cancels while the parcel is not in a locker yet; a reserved locker is freed. Twice is fine. */
  async cancel(key: ApiKeyCaller, packageId: string): Promise<PartnerOrder> {
    // Found through the key's scoped lookup first, so another client's order is never touched.
    const seen = await partnerOrdersRepository.byPackageId(this.db, key.company, packageId);
    const order = seen && (await ordersRepository.findById(this.db, seen.id));
    if (!order) throw new AppError('orderNotExist');
    if (order.state === ORDER_STATE.CANCELED) return this.get(key, packageId, false);
    if (!canApplyOrderAction('cancelBeforeDeposit', order.state as OrderState)) {
      throw new AppError('stateNotAllowed', { state: order.state });
    }
    await this.db.transaction().execute(async (tx) => {
      await transition(tx, this.deps.events, order, 'cancelBeforeDeposit', partnerActor(key));
      if (order.locker_id !== null) {
        await deliveryLockersRepository.setStatus(tx, order.locker_id, LOCKER_STATUS.AVAILABLE, nowIso());
      }
    });
    if (order.locker_id !== null)
      await this.deps.lockerUpdates.changed([order.locker_id], { capacity: true });
    return this.get(key, packageId, false);
  }

  /** The delivery locations granted to the key's client (ADR 0190). */
  async locations(key: ApiKeyCaller): Promise<DeliveryPlace[]> {
    const granted = new Set(await clientsRepository.grantedPlaceIds(this.db, key.company));
    return (await this.lockers.deliveryPlaces()).filter((p) => granted.has(p.id));
  }
}
