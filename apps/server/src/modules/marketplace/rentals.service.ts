import {
  LOCKER_STATUS,
  PRICE_TYPE,
  quote,
  settlement,
  billedMinutes,
  type KioskCatalog,
  type KioskRentReply,
  type Quote,
  type Rental,
} from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { doorNotOpened, type DoorOpenResult, type DoorService } from '../lockers/doors.service.js';
import { lockerAvailabilityRepository } from '../lockers/locker-availability.repository.js';
import { isOpenAt, lisbonParts } from './lisbon-time.js';
import { toPricePack, toRental } from './mappers.js';
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
import { queueRentalPinSms } from './rental-sms.js';
import type { PaymentsService } from './payments.service.js';
import { pricesRepository } from './prices.repository.js';
import { readSettings } from './settings.service.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
  type RentalRow,
} from './transactions.repository.js';
import type { VouchersService } from './vouchers.service.js';

const MIN = 60_000;
type Place = { id: number; name: string };

/**
 * The kiosk's rental lifecycle (screen role, its own place only): choose a pack, apply a voucher,
 * pay, open the locker, extend, end. Prices, VAT, vouchers, pending time, safe time, captive deposit
 * and free mode are all decided here, never by the kiosk.
 */
export class RentalsService {
  /** Ends in progress, by rental id (see end). */
  private readonly ending = new Map<number, Promise<void>>();
  constructor(
    private readonly db: Db,
    private readonly vouchers: VouchersService,
    private readonly payments: PaymentsService,
    private readonly doors: Pick<DoorService, 'open'>,
    private readonly notify: Notify,
    private readonly log?: (err: unknown) => void,
  ) {
    this.charges = new RentalCharges(db, payments, notify);
    this.guard = new KioskGuard(db);
  }
  private readonly charges: RentalCharges;
  private readonly guard: KioskGuard;

  /** Time-driven changes (pending time over, safe time reached); see RentalCharges.sweep. */
  sweep(now = new Date()): Promise<void> {
    return this.charges.sweep(now);
  }

  /** The screen's own place (bound by the auth plugin), when it is a marketplace one. */
  placeOf(screen: KioskCaller): Place {
    const place = screen.place;
    if (place.type !== 'MARKETPLACE') throw new AppError('kioskNotBound');
    return place;
  }

  async catalog(screen: KioskCaller): Promise<KioskCatalog> {
    const place = this.placeOf(screen);
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
    this.placeOf(screen);
    const { q, pack, deposit } = await this.price(this.db, packId, voucherCode, new Date());
    return { ...q, hours: pack.hours, depositCents: deposit };
  }

  async get(screen: KioskCaller, id: number): Promise<Rental> {
    const place = this.placeOf(screen);
    await this.sweep();
    return this.view(await this.rentalOf(this.db, place, id));
  }

  async rent(
    screen: KioskCaller,
    input: PaymentInput & {
      size?: string | undefined;
      language?: 'pt' | 'en' | 'es' | 'fr' | undefined;
    },
  ): Promise<KioskRentReply> {
    const place = this.placeOf(screen);
    await this.sweep();
    const now = new Date();
    const at = nowIso(now);
    const s = await readSettings(this.db);
    const { rentalId, txId, codes } = await this.db.transaction().execute(async (tx) => {
      const { q, pack, voucher } = await this.price(tx, input.packId, input.voucherCode, now);
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
      const tId = await this.charges.insert(tx, {
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
      if (input.phone)
        await queueRentalPinSms(tx, {
          rentalId: rId,
          phone: input.phone,
          language: input.language ?? 'pt',
          vars: { place: place.name, door: locker.door_number, pin: codes.pin },
        });
      return { rentalId: rId, txId: tId, codes };
    });
    await this.charges.pay(txId, now, input);
    const rental = failIfLost(await this.get(screen, rentalId), txId);
    return { ...rental, pin: codes.pin, qrCode: codes.qrCode };
  }

  /**
   * A customer back at the wall: their rental here (waiting for payment or running) by its PIN or
   * QR. Wrong codes count like the other kiosk codes (docs/adr/0130); an ended rental's code is wrong.
   */
  async find(screen: KioskCaller, code: { pin?: string | undefined; qrCode?: string | undefined }) {
    const place = this.placeOf(screen);
    await this.sweep();
    const typed = code.pin ?? code.qrCode ?? '';
    const attempt = await this.guard.begin(screen, 'rentalCode', typed);
    const [column, hash] = code.pin
      ? (['pin_hash', rentalPinHash(place.id, code.pin)] as const)
      : (['qr_hash', rentalQrHash(typed)] as const);
    const [rental] = await rentalsRepository.holdingByCode(this.db, place.id, column, hash);
    if (!rental) throw new AppError('wrongPin');
    await attempt.succeeded();
    return this.view(rental);
  }

  async extend(screen: KioskCaller, id: number, input: PaymentInput): Promise<Rental> {
    const place = this.placeOf(screen);
    await this.sweep();
    const now = new Date();
    const at = nowIso(now);
    const txId = await this.db.transaction().execute(async (tx) => {
      const rental = await this.rentalOf(tx, place, id);
      if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
      const { q, pack, voucher } = await this.price(tx, input.packId, input.voucherCode, now);
      checkPayment(q, input);
      const locker = { id: rental.locker_id, door_number: rental.door_number };
      return this.charges.insert(tx, {
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
    await this.charges.pay(txId, now, input);
    return this.get(screen, id).then((r) => failIfLost(r, txId));
  }

  /** Opens the rented locker (to deposit, or to take something out during the rental). */
  async open(screen: KioskCaller, id: number): Promise<{ rental: Rental; door: DoorOpenResult }> {
    const place = this.placeOf(screen);
    await this.sweep();
    const rental = await this.rentalOf(this.db, place, id);
    if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
    const door = await this.openDoor(screen, rental);
    return { rental: await this.view(rental), door };
  }

  /**
   * Ends the rental: the door opens for the customer to collect, then card holds are settled (the
   * quoted total within paid time plus safe time, the whole deposit after: captive) and the locker
   * is freed. A door that does not open changes nothing.
   */
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
    const place = this.placeOf(screen);
    await this.sweep();
    const rental = await this.rentalOf(this.db, place, id);
    if (rental.status !== 'active') throw new AppError('rentalNotActive', { status: rental.status });
    await this.openDoor(screen, rental);
    const now = new Date();
    const at = nowIso(now);
    const { safeTimeMinutes } = await readSettings(this.db);
    const txs = await transactionsRepository.ofRentals(this.db, [rental.id]);
    // The rental ends first (a conditional update), so two end calls cannot both capture money.
    await this.db.transaction().execute(async (tx) => {
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
        const events = await this.payments.provider.capture(t.provider_transaction_id!, chargeCents);
        const fresh = (await transactionsRepository.byId(this.db, t.id))!;
        await this.db.transaction().execute((tx) => this.payments.apply(tx, fresh, events, now, { captive }));
      } catch (err) {
        this.log?.(err);
      }
    }
    this.notify({
      transactionIds: txs.map((t) => t.id),
      placeIds: [place.id],
      lockerIds: [rental.locker_id],
    });
    return this.get(screen, id);
  }

  /** The customer walks away before paying: the pending payment is dropped and the locker freed. */
  async cancel(screen: KioskCaller, id: number): Promise<Rental> {
    const place = this.placeOf(screen);
    const rental = await this.rentalOf(this.db, place, id);
    if (rental.status !== 'pending') throw new AppError('rentalNotActive', { status: rental.status });
    const at = nowIso();
    const txs = await transactionsRepository.ofRentals(this.db, [rental.id]);
    for (const t of txs)
      if (t.provider_transaction_id && t.status === 'pending')
        await this.payments.provider.cancel(t.provider_transaction_id);
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
      await lockers.setStatus(tx, rental.locker_id, [LOCKER_STATUS.PENDING], LOCKER_STATUS.AVAILABLE, at);
    });
    this.notify({
      transactionIds: txs.map((t) => t.id),
      placeIds: [place.id],
      lockerIds: [rental.locker_id],
    });
    return this.get(screen, id);
  }

  private async openDoor(screen: KioskCaller, rental: RentalRow): Promise<DoorOpenResult> {
    const door = await this.doors.open(rental.locker_id, { actor: screen, reason: 'marketplaceRental' });
    if (!door.ok) throw doorNotOpened(door);
    return door;
  }

  private async price(db: DbOrTx, packId: number, voucherCode: string | undefined, now: Date) {
    const pack = await pricesRepository.byId(db, packId);
    if (!pack || pack.enabled !== 1) throw new AppError('priceNotExist');
    const s = await readSettings(db);
    const time = lisbonParts(now).time;
    const open =
      pack.type === PRICE_TYPE.GUEST
        ? isOpenAt(time, s.guestOpening, s.guestClosing)
        : isOpenAt(time, s.parkOpening, s.parkClosing);
    if (!open) throw new AppError('marketplaceClosed');
    const v = voucherCode ? await this.vouchers.resolve(db, voucherCode, pack, now) : null;
    const q = quote(pack.price_cents, s.ivaPercent, v?.discount ?? null, s.freeMode);
    return { q, pack, voucher: v?.voucher ?? null, deposit: s.freeMode ? 0 : s.captiveDepositCents };
  }

  private async rentalOf(db: DbOrTx, place: Place, id: number): Promise<RentalRow> {
    const r = await rentalsRepository.byId(db, id);
    if (!r || r.place_id !== place.id) throw new AppError('rentalNotExist');
    return r;
  }

  async view(r: RentalRow): Promise<Rental> {
    const fresh = (await rentalsRepository.byId(this.db, r.id)) ?? r;
    return toRental(fresh, await transactionsRepository.ofRentals(this.db, [r.id]), new Date());
  }
}
