import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  LOCKER_STATUS,
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
  TRANSACTION_ACTION,
  type PaymentWebhook,
  type TransactionAction,
} from '@cacifo/contract';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Notify } from './notify.js';
import type { PaymentEvent, PaymentEventKind, PaymentProvider } from './payments/payment-provider.js';
import { dropRentalCodeMessages, releaseRentalCodeMessages } from './rental-messages.js';
import { readSettings } from './settings.service.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
  type TransactionRow,
} from './transactions.repository.js';

/** Where a payment stands after its events: waiting for the provider, money secured, or lost. */
export type PaymentOutcome = 'waiting' | 'held' | 'paid' | 'error' | 'expired';
const OPEN_STATUSES = ['pending', 'processing'];
const MIN = 60_000;

function actionOf(kind: PaymentEventKind, method: string | null): TransactionAction {
  switch (kind) {
    case 'authorised':
      return method === 'mbway' ? TRANSACTION_ACTION.MBWAY_AUTHORISED : TRANSACTION_ACTION.CARD_AUTHORISED;
    case 'held':
      return TRANSACTION_ACTION.AMOUNT_HELD;
    case 'paid':
      return TRANSACTION_ACTION.PAID;
    case 'error':
      return TRANSACTION_ACTION.ERROR;
    case 'expired':
      return TRANSACTION_ACTION.EXPIRED;
  }
}

function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Applies what the payment provider reports to transactions (status and the 1-6 action log) and to
 * their rental: a secured first payment starts the rental, a secured extension lengthens it, a lost
 * first payment frees the locker. Every change runs inside the caller's database transaction.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider,
    private readonly notify: Notify,
    private readonly secret: () => Promise<string>,
  ) {}

  async apply(
    tx: Tx,
    row: TransactionRow,
    events: PaymentEvent[],
    now: Date,
    opts: { captive?: boolean } = {},
  ): Promise<PaymentOutcome> {
    let status = row.status;
    let outcome: PaymentOutcome = 'waiting';
    const at = nowIso(now);
    const patch: Parameters<typeof transactionsRepository.update>[2] = {};
    for (const e of events) {
      if (e.kind === 'held') status = 'processing';
      if (e.kind === 'paid') status = opts.captive ? 'captive' : 'paid';
      if (e.kind === 'error') status = 'error';
      if (e.kind === 'expired') status = 'expired';
      if (e.kind !== 'authorised') outcome = e.kind;
      if (e.kind === 'paid') {
        patch.paid_at = at;
        patch.charged_cents = e.amountCents ?? row.total_cost_cents;
      }
      await transactionsRepository.insertLog(tx, {
        transaction_id: row.id,
        action: actionOf(e.kind, row.method),
        status,
        details: JSON.stringify({ amountCents: e.amountCents ?? null, detail: e.detail ?? null }),
        created_at: at,
      });
    }
    await transactionsRepository.update(tx, row.id, { ...patch, status, updated_at: at });
    if (row.rental_id !== null && outcome !== 'waiting') await this.rentalEffect(tx, row, outcome, now);
    return outcome;
  }

  private async rentalEffect(tx: Tx, row: TransactionRow, outcome: PaymentOutcome, now: Date) {
    const rental = await rentalsRepository.byId(tx, row.rental_id!);
    if (!rental) return;
    const at = nowIso(now);
    const secured = outcome === 'held' || outcome === 'paid';
    const { safeTimeMinutes } = await readSettings(tx);
    if (row.kind === 'rental' && rental.status === 'pending') {
      if (secured) {
        const ends = new Date(now.getTime() + row.hours * 60 * MIN);
        await rentalsRepository.update(tx, rental.id, {
          status: 'active',
          started_at: at,
          ends_at: nowIso(ends),
          safe_until: nowIso(new Date(ends.getTime() + safeTimeMinutes * MIN)),
          deposit_cents: outcome === 'held' ? row.deposit_cents : 0,
          updated_at: at,
        });
        await transactionsRepository.update(tx, row.id, { rental_start: at, rental_end: nowIso(ends) });
        await lockers.setStatus(
          tx,
          rental.locker_id,
          [LOCKER_STATUS.PENDING],
          LOCKER_STATUS.OCCUPIED_RENTAL,
          at,
        );
        // The PIN goes out only now that the rental is paid (docs/adr/0221).
        await releaseRentalCodeMessages(tx, rental.id);
      } else {
        await dropRentalCodeMessages(tx, rental.id);
        await rentalsRepository.update(tx, rental.id, { status: 'canceled', ended_at: at, updated_at: at });
        await lockers.setStatus(tx, rental.locker_id, [LOCKER_STATUS.PENDING], LOCKER_STATUS.AVAILABLE, at);
      }
    } else if (row.kind === 'extension' && rental.status === 'active' && secured && rental.ends_at) {
      const from = new Date(rental.ends_at);
      const ends = new Date(from.getTime() + row.hours * 60 * MIN);
      await rentalsRepository.update(tx, rental.id, {
        ends_at: nowIso(ends),
        safe_until: nowIso(new Date(ends.getTime() + safeTimeMinutes * MIN)),
        updated_at: at,
      });
      await transactionsRepository.update(tx, row.id, {
        rental_start: rental.ends_at,
        rental_end: nowIso(ends),
      });
      await lockers.setStatus(
        tx,
        rental.locker_id,
        [LOCKER_STATUS.SAFE_TIME],
        LOCKER_STATUS.OCCUPIED_RENTAL,
        at,
      );
    }
  }

  /**
   * Provider status update, signed `t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
   * webhook secret: a signature without its time, or one whose time is more than the tolerance
   * from this clock, is refused, and so is an event id taken before (issue #31: the signature had
   * no timestamp, so a captured call could be sent again at any time).
   */
  async webhook(rawBody: string, signature: string | undefined, body: PaymentWebhook) {
    const parts = new Map(
      (signature ?? '').split(',').map((p) => {
        const at = p.indexOf('=');
        return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
      }),
    );
    const t = parts.get('t') ?? '';
    const given = Buffer.from(parts.get('v1') ?? '', 'hex');
    const expected = Buffer.from(signBody(await this.secret(), `${t}.${rawBody}`), 'hex');
    if (!/^\d{1,12}$/.test(t) || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('invalidSignature');
    if (Math.abs(Date.now() / 1000 - Number(t)) > PAYMENT_WEBHOOK_TOLERANCE_SECONDS)
      throw new AppError('invalidSignature', { reason: 'timestamp' });
    const now = new Date();
    const result = await this.db.transaction().execute(async (tx) => {
      // Taken with the change it brings: an event refused below (unknown transaction) is not spent.
      if (!(await transactionsRepository.takeEvent(tx, body.eventId, nowIso(now))))
        throw new AppError('eventReplayed');
      // An id is kept well past the time its signature could still pass, then let go.
      const keep = 12 * PAYMENT_WEBHOOK_TOLERANCE_SECONDS * 1000;
      await transactionsRepository.pruneEvents(tx, nowIso(new Date(now.getTime() - keep)));
      const row = await transactionsRepository.byProviderId(tx, body.transactionId);
      if (!row) throw new AppError('transactionNotExist');
      if (!OPEN_STATUSES.includes(row.status)) {
        // Providers retry: the same final news again is fine, a contradiction is not.
        const same = { paid: ['paid', 'captive'], error: ['error'], expired: ['expired'] } as Record<
          string,
          string[]
        >;
        if (same[body.status]?.includes(row.status)) return { row, outcome: null };
        throw new AppError('stateNotAllowed', { status: row.status });
      }
      const outcome = await this.apply(
        tx,
        row,
        [
          {
            kind: body.status,
            amountCents: body.amountCents ?? (body.status === 'paid' ? row.total_cost_cents : undefined),
          },
        ],
        now,
      );
      return { row, outcome };
    });
    if (result.outcome)
      this.notify({
        transactionIds: [result.row.id],
        placeIds: result.row.place_id ? [result.row.place_id] : [],
        lockerIds: result.row.locker_id ? [result.row.locker_id] : [],
      });
    const fresh = await transactionsRepository.byId(this.db, result.row.id);
    return { transactionId: body.transactionId, status: fresh!.status };
  }

  async expireStale(tx: Tx, row: TransactionRow, now: Date) {
    return this.apply(tx, row, [{ kind: 'expired', detail: 'pendingTimeOver' }], now);
  }

  /** Lockers touched by a rental's state, for realtime. */
  static lockerChange(row: { place_id: number | null; locker_id: number | null; id: number }) {
    return {
      transactionIds: [row.id],
      placeIds: row.place_id ? [row.place_id] : [],
      lockerIds: row.locker_id ? [row.locker_id] : [],
    };
  }
}
