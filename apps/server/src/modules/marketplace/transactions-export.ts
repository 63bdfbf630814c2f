import type { FastifyReply } from 'fastify';
import {
  paymentMethod,
  transactionStatus,
  type TransactionsExportQuery,
  type TransactionsFilter,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { dayRange } from '../../lib/date-range.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { toTransaction } from './mappers.js';
import { transactionCursor, transactionsListRepository } from './transactions-list.repository.js';
import type { TransactionFilter } from './transactions.repository.js';

/** The repository's filter from the list's query (the export's too). */
export function transactionFilter(
  q: Pick<TransactionsFilter, 'status' | 'method' | 'placeId' | 'search' | 'dateInterval'>,
): TransactionFilter {
  return {
    status: q.status,
    method: q.method,
    placeId: q.placeId,
    search: q.search,
    ...(q.dateInterval ? dayRange(q.dateInterval) : {}),
  };
}

const euros = (cents: number | null) => (cents === null ? null : cents / 100);

/** The filtered transactions in the list's order as .xlsx or .csv, streamed (lib/list-export.ts). */
export async function exportTransactions(db: DbOrTx, reply: FastifyReply, q: TransactionsExportQuery) {
  const t = await exportLabels(q.language);
  const f = transactionFilter(q);
  const s = { sort: q.sort, order: q.order };
  const rows = seekPages(
    (cursor, limit) => transactionsListRepository.chunkAfter(db, f, s, cursor, limit),
    (r) => transactionCursor(q.sort, r),
  );
  async function* transactions() {
    for await (const chunk of rows) yield chunk.map(toTransaction);
  }
  const label = (codes: { has(v: unknown): boolean; labelKey(v: never): string }, v: string | null) =>
    v !== null && codes.has(v) ? t(codes.labelKey(v as never)) : v;
  const x = (key: string) => t(`marketplace.transactions.${key}`);
  return sendExport(reply, {
    format: q.format,
    fileName: t('marketplace.transactions.exportFile'),
    sheetName: t('marketplace.transactions.exportSheet'),
    chunks: transactions(),
    columns: [
      { header: x('date'), value: (r) => r.createdAt, width: 22 },
      { header: x('reference'), value: (r) => r.reference, width: 20 },
      { header: x('status'), value: (r) => label(transactionStatus, r.status), width: 14 },
      { header: x('method'), value: (r) => label(paymentMethod, r.method), width: 12 },
      { header: x('phone'), value: (r) => r.phone, width: 16 },
      { header: x('place'), value: (r) => r.placeName, width: 22 },
      { header: x('locker'), value: (r) => r.doorNumber, width: 8 },
      { header: x('pack'), value: (r) => r.packName, width: 18 },
      { header: x('amount'), value: (r) => euros(r.amountCents), width: 12 },
      { header: x('iva'), value: (r) => euros(r.ivaCents), width: 10 },
      { header: x('totalCost'), value: (r) => euros(r.totalCostCents), width: 12 },
      { header: x('charged'), value: (r) => euros(r.chargedCents), width: 12 },
      { header: x('invoiceId'), value: (r) => r.invoiceId ?? null, width: 16 },
    ],
  });
}
