import type { FastifyReply } from 'fastify';
import {
  deliveryType as deliveryTypeCodes,
  ORDER_EXPIRED_AFTER_DAYS,
  orderState as orderStateCodes,
  WAITING_PICKUP_STATES,
  type BulkResult,
  type ListOrdersReply,
  type OrderBulkAction,
  type OrdersExportQuery,
  type OrdersFilter,
} from '@cacifo/contract';
import { nowIso } from '../../db/helpers.js';
import { seekPages } from '../../db/keyset.js';
import type { Account } from '../../lib/account.js';
import { runBulk } from '../../lib/bulk.js';
import { dayRange } from '../../lib/date-range.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { companyScope } from './order-access.js';
import type { OrderActionsService } from './order-actions.service.js';
import { orderCursor, orderListRepository, type OrderListSort } from './order-list.repository.js';
import { toOrder } from './order-mapper.js';
import type { OrdersDeps } from './orders-deps.js';
import type { OrderFilter } from './order-query.repository.js';

/** The query's filters without the page (the export's too). */
type FilterQuery = Omit<OrdersFilter, 'max_results' | 'offset'>;

/**
 * The repository's filter from a list's query: the caller's company scope always applies, and
 * `expired` means waiting for pickup since before the limit (the expired-lockers list).
 */
function orderFilter(account: Account, q: FilterQuery): OrderFilter {
  return {
    ...(q.state ? { states: q.state } : {}),
    ...(q.archived !== undefined ? { archived: q.archived } : {}),
    company: companyScope(account),
    ...(q.company ? { store: q.company } : {}),
    ...(q.search ? { search: q.search } : {}),
    ...(q.placeId !== undefined ? { placeId: q.placeId } : {}),
    ...(q.deliveryType !== undefined ? { deliveryType: q.deliveryType } : {}),
    ...(q.createdAtInterval ? { created: dayRange(q.createdAtInterval) } : {}),
    ...(q.storedAtInterval ? { stored: dayRange(q.storedAtInterval) } : {}),
    ...(q.expired
      ? { storedBefore: nowIso(new Date(Date.now() - ORDER_EXPIRED_AFTER_DAYS * 86_400_000)) }
      : {}),
  };
}

/** The six order lists (issue #22): filtered, sorted, paged; their export and bulk actions. */
export class OrderListService {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly actions: OrderActionsService,
  ) {}

  private async page(f: OrderFilter, q: OrdersFilter): Promise<ListOrdersReply> {
    const s: OrderListSort = { sort: q.sort, order: q.order };
    const { rows, total, lowerBound } = await orderListRepository.page(
      this.deps.db,
      f,
      s,
      q.max_results,
      q.offset,
    );
    return {
      deliveries: rows.map((r) => toOrder(r)),
      totalDeliveries: total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  list(account: Account, q: OrdersFilter): Promise<ListOrdersReply> {
    return this.page(orderFilter(account, q), q);
  }

  /** The orders this account deposited (opened a door for), filtered and sorted like the others. */
  mine(account: Account, q: OrdersFilter): Promise<ListOrdersReply> {
    return this.page({ ...orderFilter(account, q), depositedBy: account.id }, q);
  }

  /** Delivery lockers left too long: packages waiting for pickup for more than the limit. */
  async expired(account: Account, q: OrdersFilter): Promise<ListOrdersReply> {
    // A state asked for narrows the waiting states; it never widens them.
    const states = q.state
      ? WAITING_PICKUP_STATES.filter((s) => q.state!.includes(s))
      : WAITING_PICKUP_STATES;
    if (states.length === 0) return { deliveries: [], totalDeliveries: 0 };
    return this.page({ ...orderFilter(account, { ...q, expired: true }), states, archived: false }, q);
  }

  companies(account: Account): Promise<string[]> {
    return orderListRepository.companies(this.deps.db, companyScope(account));
  }

  /** The filtered list, in the list's order, as .xlsx or .csv (streamed; see lib/list-export.ts). */
  async export(account: Account, reply: FastifyReply, q: OrdersExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const f = orderFilter(account, q);
    const s: OrderListSort = { sort: q.sort, order: q.order };
    const db = this.deps.db;
    const rows = seekPages(
      (cursor, limit) => orderListRepository.chunkAfter(db, f, s, cursor, limit),
      (r) => orderCursor(q.sort, r),
    );
    async function* orders() {
      for await (const chunk of rows) yield chunk.map((r) => toOrder(r));
    }
    return sendExport(reply, {
      format: q.format,
      fileName: t('orders.export.file'),
      sheetName: t('orders.export.sheet'),
      chunks: orders(),
      columns: [
        { header: t('orders.fields.packageId'), value: (o) => o.packageId, width: 22 },
        { header: t('orders.fields.state'), value: (o) => t(orderStateCodes.labelKey(o.state)), width: 20 },
        { header: t('orders.fields.recipientPhone'), value: (o) => o.recipientPhone, width: 16 },
        { header: t('orders.fields.recipientNumber'), value: (o) => o.recipientNumber, width: 18 },
        {
          header: t('orders.fields.location'),
          value: (o) => o.assignedLocker?.locationName ?? null,
          width: 24,
        },
        { header: t('orders.fields.locker'), value: (o) => o.assignedLocker?.doorNumber ?? null, width: 8 },
        { header: t('orders.fields.size'), value: (o) => o.assignedLocker?.size ?? null, width: 8 },
        {
          header: t('orders.fields.deliveryType'),
          value: (o) =>
            deliveryTypeCodes.has(o.deliveryType)
              ? t(deliveryTypeCodes.labelKey(o.deliveryType))
              : String(o.deliveryType),
          width: 18,
        },
        { header: t('orders.fields.company'), value: (o) => o.company, width: 18 },
        { header: t('orders.fields.createdAt'), value: (o) => o.createdAt, width: 22 },
        { header: t('orders.fields.storedAt'), value: (o) => o.storedAt, width: 22 },
        { header: t('orders.fields.pickUpAt'), value: (o) => o.pickUpAt, width: 22 },
      ],
    });
  }

  /** Archive, resend the pickup code of, or cancel each order; each row reports its own outcome. */
  bulk(account: Account, action: OrderBulkAction, ids: readonly number[]): Promise<BulkResult> {
    const run = {
      archive: (id: number) => this.actions.archive(account, id),
      resendSms: (id: number) => this.actions.resendSms(account, id),
      cancel: (id: number) => this.actions.cancel(account, id),
    }[action];
    return runBulk(ids, run, this.deps.log);
  }
}
