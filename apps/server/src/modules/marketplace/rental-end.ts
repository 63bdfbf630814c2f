import { billedMinutes, LOCKER_STATUS, overtimeDueCents, settlement, type Rental } from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { failIfLost } from './rental-charges.js';
import {
  openRentalDoor,
  placeOf,
  rentalOf,
  viewRental,
  type Place,
  type RentalContext,
} from './rental-context.js';
import { readSettings } from './settings.service.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
  type RentalRow,
} from './transactions.repository.js';

const MIN = 60_000;

/**
 * Ending a rental: the door opens for the customer to collect, then card holds are settled (the
 * quoted total within paid time plus safe time, the whole deposit after: captive) and the locker
 * is freed. An MB WAY rental ended late pays its overtime first (docs/adr/0220). A door that does
 * not open changes nothing.
 */
export class RentalEnding {
  /** Ends in progress, by rental id (see end). */
  private readonly ending = new Map<number, Promise<void>>();
  constructor(private readonly ctx: RentalContext) {}

  /**
   * Two taps on "end" race to the door: on one instance the second waits for the first and then
   * finds the rental ended (rentalNotActive), instead of meeting the door mid-command (503).
   */
  async end(screen: KioskCaller, id: number): Promise<Rental> {
    const previous = this.ending.get(id) ?? Promise.resolve();
    const run = previous.then(() => this.endOnce(screen, id));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.ending.set(id, settled);
    try {
      return await run;
    } finally {
      if (this.ending.get(id) === settled) this.ending.delete(id);
    }
  }

  private async endOnce(screen: KioskCaller, id: number): Promise<Rental> {
    const { db, payments } = this.ctx;
    const place = placeOf(screen);
    await this.ctx.sweep();
    const rental = await rentalOf(db, place, id);
    if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
    const owing = await this.overtime(place, rental, new Date());
    if (owing) return owing;
    await openRentalDoor(this.ctx, screen, rental);
    const now = new Date();
    const at = nowIso(now);
    const { safeTimeMinutes } = await readSettings(db);
    const txs = await transactionsRepository.ofRentals(db, [rental.id]);
    // The rental ends first (a conditional update), so two end calls cannot both capture money.
    await db.transaction().execute(async (tx) => {
      const ended = await rentalsRepository.transition(tx, rental.id, 'active', {
        status: 'ended',
        ended_at: at,
        updated_at: at,
      });
      if (!ended) throw new AppError('rentalNotActive');
      const main = txs.find((t) => t.kind === 'rental');
      if (main) {
        await transactionsRepository.update(tx, main.id, {
          billed_minutes: billedMinutes(new Date(rental.started_at!), now),
          rental_end: at,
          updated_at: at,
        });
      }
      const freed = [LOCKER_STATUS.OCCUPIED_RENTAL, LOCKER_STATUS.SAFE_TIME];
      await lockers.setStatus(tx, rental.locker_id, freed, LOCKER_STATUS.AVAILABLE, at);
    });
    // Card holds: the quoted total within paid time plus safe time, else the deposit (captive).
    // A provider failure here leaves the transaction processing for the webhook to settle.
    for (const t of txs.filter((x) => x.status === 'processing' && x.provider_transaction_id)) {
      const endsAt = new Date(rental.ends_at!);
      const { chargeCents, captive } = settlement(
        t.total_cost_cents,
        t.deposit_cents,
        endsAt,
        safeTimeMinutes,
        now,
      );
      try {
        const events = await payments.provider.capture(t.provider_transaction_id!, chargeCents);
        const fresh = (await transactionsRepository.byId(db, t.id))!;
        await db.transaction().execute((tx) => payments.apply(tx, fresh, events, now, { captive }));
      } catch (err) {
        this.ctx.log?.(err);
      }
    }
    this.ctx.notify({
      transactionIds: txs.map((t) => t.id),
      placeIds: [place.id],
      lockerIds: [rental.locker_id],
    });
    return viewRental(db, rental);
  }

  /**
   * An MB WAY rental past its paid time plus the safe time holds no deposit to keep, so what it
   * owes (overtimeDueCents) is requested from its phone through the provider before the door opens.
   * Null: nothing owed, or paid already. Otherwise the rental with its overtime request waiting
   * (`pendingUntil` its deadline); a refusal or expiry is paymentFailed / paymentExpired.
   */
  private async overtime(place: Place, rental: RentalRow, now: Date): Promise<Rental | null> {
    const { db, charges } = this.ctx;
    if (rental.method !== 'mbway' || !rental.phone || !rental.ends_at) return null;
    const s = await readSettings(db);
    if (s.freeMode) return null;
    const txs = await transactionsRepository.ofRentals(db, [rental.id]);
    const main = txs.find((t) => t.kind === 'rental');
    const endsAt = new Date(rental.ends_at);
    const paid = main?.total_cost_cents ?? 0;
    const due = overtimeDueCents(paid, s.captiveDepositCents, endsAt, s.safeTimeMinutes, now);
    if (due === 0) return null;
    const charged = txs.filter((t) => t.kind === 'overtime');
    if (charged.some((t) => t.status === 'paid')) return null;
    if (charged.some((t) => t.status === 'pending')) return viewRental(db, rental);
    const at = nowIso(now);
    const txId = await db.transaction().execute(async (tx) => {
      await rentalsRepository.update(tx, rental.id, {
        pending_until: nowIso(new Date(now.getTime() + s.pendingMinutes * MIN)),
        updated_at: at,
      });
      return charges.insertOvertime(tx, {
        rentalId: rental.id,
        place,
        locker: { id: rental.locker_id, door_number: rental.door_number },
        phone: rental.phone!,
        dueCents: due,
        ivaPercent: s.ivaPercent,
        lateMinutes: Math.ceil((now.getTime() - endsAt.getTime()) / MIN),
        at,
      });
    });
    await charges.pay(txId, now, { method: 'mbway', phone: rental.phone });
    const seen = failIfLost(await viewRental(db, rental), txId);
    return seen.transactions.find((t) => t.id === txId)?.status === 'paid' ? null : seen;
  }
}
