import {
  ADMIN_LOG_ACTION,
  TRANSACTION_DESCRIPTION_MAX,
  type MarketplaceLog,
  type MarketplaceOverview,
  type TransactionDetails,
  type TransactionsExportQuery,
  type TransactionsFilter,
  type TransactionsReply,
} from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { lisbonDayStartIso, lisbonParts } from './lisbon-time.js';
import { toRental, toTransaction, toTransactionLog } from './mappers.js';
import { exportTransactions, transactionFilter } from './transactions-export.js';
import { transactionsListRepository } from './transactions-list.repository.js';
import type { Notify } from './notify.js';
import {
  marketplaceLockersRepository as lockers,
  rentalsRepository,
  transactionsRepository,
} from './transactions.repository.js';

/** Only transactions that never held money may be deleted; the rest are accounting records. */
const DELETABLE = ['error', 'expired', 'canceled'];
const DAY = 86_400_000;

export class TransactionsService {
  constructor(
    private readonly db: Db,
    private readonly notify: Notify,
    /** Applies what time changed (pending and safe time) before a list or the overview is read. */
    private readonly sweep: () => Promise<void> = async () => {},
  ) {}

  async list(q: TransactionsFilter): Promise<TransactionsReply> {
    await this.sweep();
    const { rows, total, lowerBound } = await transactionsListRepository.page(
      this.db,
      transactionFilter(q),
      { sort: q.sort, order: q.order },
      q.max_results,
      q.offset,
    );
    return {
      transactions: rows.map(toTransaction),
      totalTransactions: total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  /** The filtered list, in the list's order, as .xlsx or .csv (streamed; see transactions-export.ts). */
  async export(reply: FastifyReply, q: TransactionsExportQuery): Promise<FastifyReply> {
    await this.sweep();
    return exportTransactions(this.db, reply, q);
  }

  async details(id: number): Promise<TransactionDetails> {
    const row = await transactionsRepository.byId(this.db, id);
    if (!row) throw new AppError('transactionNotExist');
    const logs = await transactionsRepository.logs(this.db, id);
    const t = toTransaction(row);
    return {
      transaction: t,
      logs: logs.map(toTransactionLog),
      invoice: {
        invoiceId: t.invoiceId,
        lines: [
          {
            label: t.packName ?? t.reference,
            hours: t.hours,
            amountCents: t.amountCents,
            discountCents: t.discountCents,
          },
        ],
        costCents: t.costCents,
        ivaPercent: t.ivaPercent,
        ivaCents: t.ivaCents,
        totalCostCents: t.totalCostCents,
        chargedCents: t.chargedCents,
      },
    };
  }

  /** SPEC §5: the description has a limit ('Description too long'); bad input changes nothing. */
  async update(
    actor: Account,
    id: number,
    patch: {
      description?: string | null | undefined;
      invoiceId?: string | null | undefined;
      updatedAt: string;
    },
  ) {
    if (patch.description && patch.description.length > TRANSACTION_DESCRIPTION_MAX) {
      throw new AppError('descriptionTooLong', { max: TRANSACTION_DESCRIPTION_MAX });
    }
    const row = await transactionsRepository.byId(this.db, id);
    if (!row) throw new AppError('transactionNotExist');
    const fields = {
      ...(patch.description !== undefined ? { description: patch.description?.trim() || null } : {}),
      ...(patch.invoiceId !== undefined ? { invoice_id: patch.invoiceId || null } : {}),
    };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.TRANSACTION_UPDATED,
      (tx) => updateIfUnchanged(tx, 'transactions', { column: 'id', value: id }, patch.updatedAt, fields),
      { log: { details: { transactionId: id, ...fields } } },
    );
    this.notify({ transactionIds: [id] });
    return this.details(id);
  }

  async remove(actor: Account, id: number) {
    const row = await transactionsRepository.byId(this.db, id);
    if (!row) throw new AppError('transactionNotExist');
    if (!DELETABLE.includes(row.status)) throw new AppError('stateNotAllowed', { status: row.status });
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.TRANSACTION_DELETED,
      (tx) => transactionsRepository.delete(tx, id),
      {
        log: { details: { transactionId: id, status: row.status, reference: row.reference } },
      },
    );
    this.notify({ transactionIds: [id] });
    return { id };
  }

  async overview(): Promise<MarketplaceOverview> {
    await this.sweep();
    const now = new Date();
    const [today, last30, total, counts, places, open] = await Promise.all([
      transactionsRepository.revenueSince(this.db, lisbonDayStartIso(now)),
      transactionsRepository.revenueSince(this.db, new Date(now.getTime() - 30 * DAY).toISOString()),
      transactionsRepository.revenueSince(this.db),
      transactionsRepository.countByStatus(this.db),
      lockers.marketplacePlaces(this.db),
      rentalsRepository.open(this.db),
    ]);
    const daily = await this.daily(now);
    const all = await lockers.lockersOfPlaces(
      this.db,
      places.map((p) => p.id),
    );
    const txs = await transactionsRepository.ofRentals(
      this.db,
      open.map((r) => r.id),
    );
    const n = (s: string) => counts.get(s) ?? 0;
    return {
      revenue: { todayCents: today, last30DaysCents: last30, totalCents: total },
      daily,
      transactions: {
        paid: n('paid') + n('captive') + n('transferred'),
        pending: n('pending') + n('processing'),
        failed: n('error') + n('expired'),
      },
      occupancy: places.map((p) => {
        const mine = all.filter((l) => l.place_id === p.id);
        const available = mine.filter((l) => l.status === 0 && l.enabled === 1 && l.door_status === 2).length;
        return {
          placeId: p.id,
          placeName: p.name,
          lockers: mine.length,
          occupied: mine.filter((l) => l.status !== 0).length,
          available,
        };
      }),
      activeRentals: open.map((r) =>
        toRental(
          r,
          txs.filter((t) => t.rental_id === r.id),
          now,
        ),
      ),
    };
  }

  private async daily(now: Date) {
    const days = Array.from(
      { length: 30 },
      (_, i) => lisbonParts(new Date(now.getTime() - (29 - i) * DAY)).date,
    );
    const sums = new Map(days.map((d) => [d, 0]));
    const rows = await transactionsRepository.paidSince(
      this.db,
      new Date(now.getTime() - 30 * DAY).toISOString(),
    );
    for (const r of rows) {
      const day = lisbonParts(new Date(r.paid_at!)).date;
      if (sums.has(day)) sums.set(day, sums.get(day)! + r.charged_cents);
    }
    return days.map((date) => ({ date, cents: sums.get(date)! }));
  }

  async logs(limit: number, offset: number): Promise<{ logs: MarketplaceLog[]; totalLogs: number }> {
    const { rows, total } = await lockers.marketplaceLogs(this.db, limit, offset);
    return {
      logs: rows.map((r) => ({
        id: r.id,
        adminName: r.admin_name,
        action: r.action,
        details: r.details,
        createdAt: r.created_at,
      })),
      totalLogs: total,
    };
  }

  async places() {
    return lockers.marketplacePlaces(this.db);
  }

  /** Binds a screen account to the marketplace place whose kiosk it runs. */
  async bindKiosk(actor: Account, adminId: number, placeId: number) {
    const [account, place] = await Promise.all([
      lockers.account(this.db, adminId),
      lockers.place(this.db, placeId),
    ]);
    if (!account || account.role !== 'screen')
      throw new AppError('invalidInput', { 'body.adminId': 'validation.screenAccount' });
    if (!place || place.type !== 'MARKETPLACE')
      throw new AppError('invalidInput', { 'body.placeId': 'validation.marketplacePlace' });
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.KIOSK_BOUND,
      (tx) => lockers.bindScreen(tx, adminId, placeId, nowIso()),
      {
        log: {
          user: { id: account.id, name: account.name || account.username },
          place: { id: place.id, name: place.name },
        },
      },
    );
    return { adminId, placeId };
  }
}
