import { randomBytes } from 'node:crypto';
import { LOCKER_STATUS, netFromGross, type PaymentMethod, type Quote, type Rental } from '@cacifo/contract';
import { AppError } from '../../lib/errors.js';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { assertPlaceInService } from '../lockers/locker-claims.js';
import type { Notify } from './notify.js';
import type { PaymentsService } from './payments.service.js';
import type { PricePackRow } from './prices.repository.js';
import { dropRentalCodeMessages } from './rental-messages.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
} from './transactions.repository.js';

type Place = { id: number; name: string };

/** What the kiosk sends to pay for a rental or an extension. */
export interface PaymentInput {
  packId: number;
  voucherCode?: string | undefined;
  method?: PaymentMethod | undefined;
  phone?: string | undefined;
  cardToken?: string | undefined;
}

/** Our payment reference: date and six random hex digits (unique index in the database). */
function reference(now: Date) {
  return `CF${nowIso(now).slice(2, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/** A paid rental needs a method, and MBWay a phone; free ones need neither. */
export function checkPayment(q: Quote, input: PaymentInput) {
  if (q.totalCostCents === 0) return;
  if (!input.method) throw new AppError('invalidInput', { 'body.method': 'validation.required' });
  if (input.method === 'mbway' && !input.phone)
    throw new AppError('invalidInput', { 'body.phone': 'validation.required' });
}

/**
 * Takes the first available locker (of the size asked) under the one availability rule
 * (docs/adr/0070), guarded against a concurrent reservation; none while the place is not in service.
 */
export async function reserveLocker(tx: Tx, placeId: number, size: string | undefined, at: string) {
  await assertPlaceInService(tx, placeId);
  for (const l of await lockerAvailabilityRepository.free(tx, { placeId, size, limit: 20 })) {
    if (await lockerAvailabilityRepository.claim(tx, l.id, at, LOCKER_STATUS.PENDING)) return l;
  }
  throw new AppError('No locker avaliable');
}

/** A refused or expired payment is told to the kiosk as a failure, with the rental for context. */
export function failIfLost(rental: Rental, txId: number): Rental {
  const t = rental.transactions.find((x) => x.id === txId);
  if (t?.status === 'error') throw new AppError('paymentFailed', { rental, transactionId: txId });
  if (t?.status === 'expired') throw new AppError('paymentExpired', { rental, transactionId: txId });
  return rental;
}

/**
 * The money side of rentals: writing a rental's or extension's transaction with its quote, running
 * it through the payment provider, and the time-driven sweep that expires unpaid rentals.
 */
export class RentalCharges {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsService,
    private readonly notify: Notify,
  ) {}

  /**
   * Time-driven changes, idempotent and safe to run from any instance: unpaid rentals past their
   * pending time expire and free their locker; rentals past their paid time show safe time (8).
   */
  async sweep(now = new Date()): Promise<void> {
    const at = nowIso(now);
    const stale = await rentalsRepository.pendingExpired(this.db, at);
    for (const r of stale) {
      const changed = await this.db.transaction().execute(async (tx) => {
        if (
          !(await rentalsRepository.transition(tx, r.id, 'pending', {
            status: 'canceled',
            ended_at: at,
            updated_at: at,
          }))
        )
          return [];
        const txs = (await transactionsRepository.ofRentals(tx, [r.id])).filter((t) =>
          ['pending', 'processing'].includes(t.status),
        );
        for (const t of txs) await this.payments.expireStale(tx, { ...t, rental_id: null }, now);
        await dropRentalCodeMessages(tx, r.id);
        await lockers.setStatus(tx, r.locker_id, [LOCKER_STATUS.PENDING], LOCKER_STATUS.AVAILABLE, at);
        return txs.map((t) => t.id);
      });
      if (changed.length)
        this.notify({ transactionIds: changed, placeIds: [r.place_id], lockerIds: [r.locker_id] });
    }
    // An extension or overtime nobody approved in the pending time expires; the rental runs on.
    for (const t of await transactionsRepository.waitingPastDeadline(this.db, at)) {
      const expired = await this.db.transaction().execute(async (tx) => {
        const fresh = await transactionsRepository.byId(tx, t.id);
        if (fresh?.status !== 'pending') return false;
        await this.payments.expireStale(tx, fresh, now);
        return true;
      });
      if (expired) this.notify({ transactionIds: [t.id], placeIds: t.place_id ? [t.place_id] : [] });
    }
    for (const r of await rentalsRepository.activePastEnd(this.db, at)) {
      if (
        await lockers.setStatus(
          this.db,
          r.locker_id,
          [LOCKER_STATUS.OCCUPIED_RENTAL],
          LOCKER_STATUS.SAFE_TIME,
          at,
        )
      ) {
        this.notify({ placeIds: [r.place_id], lockerIds: [r.locker_id] });
      }
    }
  }

  async insert(
    tx: Tx,
    p: {
      rentalId: number;
      kind: 'rental' | 'extension';
      place: Place;
      locker: { id: number; door_number: number };
      pack: PricePackRow;
      q: Quote;
      voucher: { id: number; code: string } | null;
      input: PaymentInput;
      deposit: number;
      at: string;
    },
  ) {
    return transactionsRepository.insert(tx, {
      rental_id: p.rentalId,
      kind: p.kind,
      reference: reference(new Date(p.at)),
      phone: p.input.phone ?? null,
      place_id: p.place.id,
      place_name: p.place.name,
      locker_id: p.locker.id,
      door_number: p.locker.door_number,
      method: p.q.totalCostCents > 0 ? (p.input.method ?? null) : null,
      status: 'pending',
      pack_id: p.pack.id,
      pack_name: p.pack.name,
      hours: p.pack.hours,
      voucher_id: p.voucher?.id ?? null,
      voucher_code: p.voucher?.code ?? null,
      amount_cents: p.q.amountCents,
      discount_cents: p.q.discountCents,
      cost_cents: p.q.costCents,
      total_cost_cents: p.q.totalCostCents,
      iva_cents: p.q.ivaCents,
      iva_percent: p.q.ivaPercent,
      deposit_cents: p.deposit,
      description: `${p.pack.name} · ${p.pack.hours} h · ${p.place.name} #${p.locker.door_number}`.slice(
        0,
        255,
      ),
      created_at: p.at,
      updated_at: p.at,
    });
  }

  /**
   * What an MB WAY rental owes for ending late (docs/adr/0220): no pack, no voucher, the amount due
   * with the VAT of the settings, requested from the rental's phone.
   */
  async insertOvertime(
    tx: Tx,
    p: {
      rentalId: number;
      place: Place;
      locker: { id: number; door_number: number };
      phone: string;
      dueCents: number;
      ivaPercent: number;
      lateMinutes: number;
      at: string;
    },
  ) {
    const cost = netFromGross(p.dueCents, p.ivaPercent);
    return transactionsRepository.insert(tx, {
      rental_id: p.rentalId,
      kind: 'overtime',
      reference: reference(new Date(p.at)),
      phone: p.phone,
      place_id: p.place.id,
      place_name: p.place.name,
      locker_id: p.locker.id,
      door_number: p.locker.door_number,
      method: 'mbway',
      status: 'pending',
      pack_id: null,
      pack_name: null,
      hours: 0,
      voucher_id: null,
      voucher_code: null,
      amount_cents: p.dueCents,
      discount_cents: 0,
      cost_cents: cost,
      total_cost_cents: p.dueCents,
      iva_cents: p.dueCents - cost,
      iva_percent: p.ivaPercent,
      deposit_cents: 0,
      description: `${p.place.name} #${p.locker.door_number} · +${p.lateMinutes} min`.slice(0, 255),
      created_at: p.at,
      updated_at: p.at,
    });
  }

  /** Runs the payment: free ones are paid at once, others go through the provider. */
  async pay(txId: number, now: Date, input: Pick<PaymentInput, 'method' | 'phone' | 'cardToken'>) {
    const row = (await transactionsRepository.byId(this.db, txId))!;
    let events;
    let ids: { provider_transaction_id: string; identifier: string } | null = null;
    if (row.total_cost_cents === 0) {
      events = [{ kind: 'paid' as const, amountCents: 0, detail: 'free' }];
    } else {
      try {
        const r = await this.payments.provider.start({
          reference: row.reference,
          method: input.method!,
          amountCents: row.total_cost_cents,
          holdCents: row.deposit_cents > 0 ? row.deposit_cents : null,
          phone: input.phone,
          cardToken: input.cardToken,
        });
        ids = { provider_transaction_id: r.providerTransactionId, identifier: r.identifier };
        events = r.events;
      } catch (err) {
        events = [{ kind: 'error' as const, detail: String((err as Error).message).slice(0, 200) }];
      }
    }
    await this.db.transaction().execute(async (tx) => {
      if (ids) await transactionsRepository.update(tx, row.id, ids);
      await this.payments.apply(tx, { ...row, ...(ids ?? {}) }, events, now);
    });
    this.notify({
      transactionIds: [row.id],
      placeIds: row.place_id ? [row.place_id] : [],
      lockerIds: row.locker_id ? [row.locker_id] : [],
    });
  }
}
