import type { Rental } from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { checkPayment, failIfLost, type PaymentInput } from './rental-charges.js';
import { placeOf, rentalOf, viewRental, type RentalContext } from './rental-context.js';
import { priceOf } from './rental-quote.js';
import { readSettings } from './settings.service.js';
import { rentalsRepository, transactionsRepository } from './transactions.repository.js';

const MIN = 60_000;

/**
 * More time for a running rental, and giving up a payment of a running rental that waits for the
 * customer's approval (an extension or overtime, docs/adr/0222). A waiting payment has the
 * settings' pending time, kept in the rental's `pending_until` (the deadline the wall counts down);
 * the sweep expires it after that.
 */
export class RentalExtensions {
  constructor(private readonly ctx: RentalContext) {}

  async extend(screen: KioskCaller, id: number, input: PaymentInput): Promise<Rental> {
    const { db, charges } = this.ctx;
    const place = placeOf(screen);
    await this.ctx.sweep();
    const now = new Date();
    const at = nowIso(now);
    const { pendingMinutes } = await readSettings(db);
    const txId = await db.transaction().execute(async (tx) => {
      const rental = await rentalOf(tx, place, id);
      if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
      const { q, pack, voucher } = await priceOf(tx, this.ctx.vouchers, input.packId, input.voucherCode, now);
      checkPayment(q, input);
      await rentalsRepository.update(tx, rental.id, {
        pending_until: nowIso(new Date(now.getTime() + pendingMinutes * MIN)),
        updated_at: at,
      });
      const locker = { id: rental.locker_id, door_number: rental.door_number };
      return charges.insert(tx, {
        rentalId: rental.id,
        kind: 'extension',
        place,
        locker,
        pack,
        q,
        voucher,
        input,
        deposit: 0,
        at,
      });
    });
    await charges.pay(txId, now, input);
    const rental = await rentalOf(db, place, id);
    return failIfLost(await viewRental(db, rental), txId);
  }

  /**
   * The customer gives up the payment their running rental waits for (extension or overtime): the
   * provider is told, the transaction is canceled; the rental runs on as it was.
   */
  async cancelWaiting(screen: KioskCaller, id: number): Promise<Rental> {
    const { db, payments, notify } = this.ctx;
    const place = placeOf(screen);
    const rental = await rentalOf(db, place, id);
    const waiting = (await transactionsRepository.ofRentals(db, [rental.id])).filter(
      (t) => t.kind !== 'rental' && t.status === 'pending',
    );
    if (waiting.length === 0) throw new AppError('rentalNotActive', { status: rental.status });
    for (const t of waiting)
      if (t.provider_transaction_id) await payments.provider.cancel(t.provider_transaction_id);
    const at = nowIso();
    await db.transaction().execute(async (tx) => {
      for (const t of waiting)
        await transactionsRepository.transition(tx, t.id, 'pending', { status: 'canceled', updated_at: at });
    });
    notify({ transactionIds: waiting.map((t) => t.id), placeIds: [place.id] });
    return viewRental(db, rental);
  }
}
