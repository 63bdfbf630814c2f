import {
  LOCKER_STATUS,
  type KioskCatalog,
  type KioskRentReply,
  type Quote,
  type Rental,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import type { DoorOpenResult, DoorService } from '../lockers/doors.service.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { isOpenAt, lisbonParts } from './lisbon-time.js';
import { toPricePack } from './mappers.js';
import {
  checkPayment,
  failIfLost,
  RentalCharges,
  reserveLocker,
  type PaymentInput,
} from './rental-charges.js';
import type { Notify } from './notify.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import { newRentalCodes, rentalPinHash, rentalQrHash } from './rental-codes.js';
import { openRentalDoor, placeOf, rentalOf, viewRental, type RentalContext } from './rental-context.js';
import { RentalEnding } from './rental-end.js';
import { RentalExtensions } from './rental-extension.js';
import { dropRentalCodeMessages, holdRentalCodeMessages } from './rental-messages.js';
import { priceOf } from './rental-quote.js';
import type { PaymentsService } from './payments.service.js';
import { pricesRepository } from './prices.repository.js';
import { readSettings } from './settings.service.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
} from './transactions.repository.js';
import type { VouchersService } from './vouchers.service.js';

const MIN = 60_000;

/**
 * The kiosk's rental lifecycle (screen role, its own place only): choose a pack, apply a voucher,
 * pay, open the locker, extend (rental-extension.ts), end (rental-end.ts). Prices, VAT, vouchers,
 * pending time, safe time, captive deposit, overtime and free mode are all decided here, never by
 * the kiosk.
 */
export class RentalsService {
  private readonly ctx: RentalContext;
  private readonly guard: KioskGuard;
  private readonly extensions: RentalExtensions;
  private readonly ending: RentalEnding;
  constructor(
    private readonly db: Db,
    vouchers: VouchersService,
    payments: PaymentsService,
    doors: Pick<DoorService, 'open'>,
    notify: Notify,
    log?: (err: unknown) => void,
  ) {
    const charges = new RentalCharges(db, payments, notify);
    this.ctx = { db, vouchers, payments, charges, doors, notify, log, sweep: () => this.sweep() };
    this.guard = new KioskGuard(db);
    this.extensions = new RentalExtensions(this.ctx);
    this.ending = new RentalEnding(this.ctx);
  }

  /** Time-driven changes (pending time over, safe time reached); see RentalCharges.sweep. */
  sweep(now = new Date()): Promise<void> {
    return this.ctx.charges.sweep(now);
  }

  async catalog(screen: KioskCaller): Promise<KioskCatalog> {
    const place = placeOf(screen);
    await this.sweep();
    const s = await readSettings(this.db);
    const now = lisbonParts(new Date()).time;
    const free = await lockerAvailabilityRepository.free(this.db, { placeId: place.id });
    const available: Record<string, number> = {};
    for (const l of free) available[l.size] = (available[l.size] ?? 0) + 1;
    const packs = (await pricesRepository.list(this.db)).filter((p) => p.enabled === 1).map(toPricePack);
    return {
      placeId: place.id,
      placeName: place.name,
      open: {
        park: isOpenAt(now, s.parkOpening, s.parkClosing),
        guest: isOpenAt(now, s.guestOpening, s.guestClosing),
      },
      freeMode: s.freeMode,
      depositCents: s.captiveDepositCents,
      available,
      packs,
    };
  }

  async quote(
    screen: KioskCaller,
    packId: number,
    voucherCode?: string,
  ): Promise<Quote & { hours: number; depositCents: number }> {
    placeOf(screen);
    const { q, pack, deposit } = await priceOf(this.db, this.ctx.vouchers, packId, voucherCode, new Date());
    return { ...q, hours: pack.hours, depositCents: deposit };
  }

  async get(screen: KioskCaller, id: number): Promise<Rental> {
    const place = placeOf(screen);
    await this.sweep();
    return viewRental(this.db, await rentalOf(this.db, place, id));
  }

  async rent(
    screen: KioskCaller,
    input: PaymentInput & {
      size?: string | undefined;
      language?: 'pt' | 'en' | 'es' | 'fr' | undefined;
      email?: string | undefined;
    },
  ): Promise<KioskRentReply> {
    const place = placeOf(screen);
    await this.sweep();
    const now = new Date();
    const at = nowIso(now);
    const s = await readSettings(this.db);
    const { rentalId, txId, codes } = await this.db.transaction().execute(async (tx) => {
      const { q, pack, voucher } = await priceOf(tx, this.ctx.vouchers, input.packId, input.voucherCode, now);
      checkPayment(q, input);
      const locker = await reserveLocker(tx, place.id, input.size, at);
      const codes = await newRentalCodes(tx, place.id);
      const card = input.method === 'creditCard' && q.totalCostCents > 0;
      const rId = await rentalsRepository.insert(tx, {
        place_id: place.id,
        locker_id: locker.id,
        door_number: locker.door_number,
        size: locker.size,
        status: 'pending',
        phone: input.phone ?? null,
        method: q.totalCostCents > 0 ? (input.method ?? null) : null,
        pending_until: nowIso(new Date(now.getTime() + s.pendingMinutes * MIN)),
        screen_id: screen.id,
        ...codes.columns,
        created_at: at,
        updated_at: at,
      });
      const tId = await this.ctx.charges.insert(tx, {
        rentalId: rId,
        kind: 'rental',
        place,
        locker,
        pack,
        q,
        voucher,
        input,
        deposit: card ? s.captiveDepositCents : 0,
        at,
      });
      // Held until the payment is approved (docs/adr/0221); only the codes' hashes outlive this call.
      await holdRentalCodeMessages(tx, {
        rentalId: rId,
        phone: input.phone ?? null,
        email: input.email ?? null,
        language: input.language ?? 'pt',
        vars: { place: place.name, door: locker.door_number, pin: codes.pin, qrCode: codes.qrCode },
      });
      return { rentalId: rId, txId: tId, codes };
    });
    await this.ctx.charges.pay(txId, now, input);
    const rental = failIfLost(await this.get(screen, rentalId), txId);
    return { ...rental, pin: codes.pin, qrCode: codes.qrCode };
  }

  /**
   * A customer back at the wall: their rental here (waiting for payment or running) by its PIN or
   * QR. Wrong codes count like the other kiosk codes (docs/adr/0130); an ended rental's code is wrong.
   */
  async find(screen: KioskCaller, code: { pin?: string | undefined; qrCode?: string | undefined }) {
    const place = placeOf(screen);
    await this.sweep();
    const typed = code.pin ?? code.qrCode ?? '';
    const attempt = await this.guard.begin(screen, 'rentalCode', typed);
    const [column, hash] = code.pin
      ? (['pin_hash', rentalPinHash(place.id, code.pin)] as const)
      : (['qr_hash', rentalQrHash(typed)] as const);
    const [rental] = await rentalsRepository.holdingByCode(this.db, place.id, column, hash);
    if (!rental) throw new AppError('wrongPin');
    await attempt.succeeded();
    return viewRental(this.db, rental);
  }

  extend(screen: KioskCaller, id: number, input: PaymentInput): Promise<Rental> {
    return this.extensions.extend(screen, id, input);
  }

  /** Opens the rented locker (to deposit, or to take something out during the rental). */
  async open(screen: KioskCaller, id: number): Promise<{ rental: Rental; door: DoorOpenResult }> {
    const place = placeOf(screen);
    await this.sweep();
    const rental = await rentalOf(this.db, place, id);
    if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
    const door = await openRentalDoor(this.ctx, screen, rental);
    return { rental: await viewRental(this.db, rental), door };
  }

  /** Ends the rental (rental-end.ts): overtime first when owed, then the door, the money, the locker. */
  end(screen: KioskCaller, id: number): Promise<Rental> {
    return this.ending.end(screen, id);
  }

  /**
   * The customer walks away before paying: the pending payment is dropped and the locker freed. Of
   * a running rental, the payment it waits for (extension, overtime) is given up instead.
   */
  async cancel(screen: KioskCaller, id: number): Promise<Rental> {
    const place = placeOf(screen);
    const rental = await rentalOf(this.db, place, id);
    if (rental.status === 'active') return this.extensions.cancelWaiting(screen, id);
    if (rental.status !== 'pending') throw new AppError('rentalNotActive', { status: rental.status });
    const at = nowIso();
    const txs = await transactionsRepository.ofRentals(this.db, [rental.id]);
    for (const t of txs)
      if (t.provider_transaction_id && t.status === 'pending')
        await this.ctx.payments.provider.cancel(t.provider_transaction_id);
    await this.db.transaction().execute(async (tx) => {
      if (
        !(await rentalsRepository.transition(tx, rental.id, 'pending', {
          status: 'canceled',
          ended_at: at,
          updated_at: at,
        }))
      ) {
        throw new AppError('rentalNotActive');
      }
      for (const t of txs)
        if (['pending', 'processing'].includes(t.status))
          await transactionsRepository.update(tx, t.id, { status: 'canceled', updated_at: at });
      await dropRentalCodeMessages(tx, rental.id);
      await lockers.setStatus(tx, rental.locker_id, [LOCKER_STATUS.PENDING], LOCKER_STATUS.AVAILABLE, at);
    });
    this.ctx.notify({
      transactionIds: txs.map((t) => t.id),
      placeIds: [place.id],
      lockerIds: [rental.locker_id],
    });
    return this.get(screen, id);
  }
}
