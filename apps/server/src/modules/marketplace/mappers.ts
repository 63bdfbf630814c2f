import type { Selectable } from 'kysely';
import type {
  PricePack,
  PriceType,
  Rental,
  RentalStatus,
  Transaction,
  TransactionLog,
  Voucher,
} from '@cacifo/contract';
import type {
  RentalsTable,
  TransactionLogsTable,
  TransactionsTable,
  VouchersTable,
} from '../../db/tables/marketplace.js';
import type { PricePackRow } from './prices.repository.js';

type Method = Transaction['method'];

export function toPricePack(r: PricePackRow): PricePack {
  return {
    id: r.id,
    name: r.name,
    type: r.type as PriceType,
    hours: r.hours,
    priceCents: r.price_cents,
    priceNetCents: r.price_net_cents,
    enabled: r.enabled === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toVoucher(r: Selectable<VouchersTable>, uses: number): Voucher {
  return {
    id: r.id,
    title: r.title,
    code: r.code,
    descriptionPt: r.description_pt,
    descriptionEn: r.description_en,
    startDate: r.start_date,
    endDate: r.end_date,
    maxUses: r.max_uses,
    maxUsesPerDay: r.max_uses_per_day,
    discountType: r.discount_type as Voucher['discountType'],
    discountValue: Number(r.discount_value),
    priceIds: JSON.parse(r.price_ids) as number[],
    type: r.type as PriceType | null,
    enabled: r.enabled === 1,
    uses,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function toTransaction(r: Selectable<TransactionsTable>): Transaction {
  return {
    id: r.id,
    rentalId: r.rental_id,
    kind: r.kind as Transaction['kind'],
    reference: r.reference,
    identifier: r.identifier,
    transactionId: r.provider_transaction_id,
    phone: r.phone,
    placeId: r.place_id,
    placeName: r.place_name,
    lockerId: r.locker_id,
    doorNumber: r.door_number,
    method: r.method as Method,
    status: r.status,
    packId: r.pack_id,
    packName: r.pack_name,
    hours: r.hours,
    voucherCode: r.voucher_code,
    amountCents: r.amount_cents,
    discountCents: r.discount_cents,
    costCents: r.cost_cents,
    totalCostCents: r.total_cost_cents,
    ivaCents: r.iva_cents,
    ivaPercent: Number(r.iva_percent),
    depositCents: r.deposit_cents,
    chargedCents: r.charged_cents,
    description: r.description,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    paidAt: r.paid_at,
    rentalStart: r.rental_start,
    rentalEnd: r.rental_end,
    invoiceId: r.invoice_id,
    billedMinutes: r.billed_minutes,
  };
}

export function toTransactionLog(r: Selectable<TransactionLogsTable>): TransactionLog {
  return {
    id: r.id,
    transactionId: r.transaction_id,
    action: r.action,
    status: r.status,
    details: r.details,
    createdAt: r.created_at,
  };
}

export function toRental(
  r: Selectable<RentalsTable>,
  txs: Array<Selectable<TransactionsTable>>,
  now: Date,
): Rental {
  return {
    id: r.id,
    placeId: r.place_id,
    lockerId: r.locker_id,
    doorNumber: r.door_number,
    size: r.size,
    status: r.status as RentalStatus,
    phone: r.phone,
    method: r.method as Method,
    startedAt: r.started_at,
    endsAt: r.ends_at,
    safeUntil: r.safe_until,
    endedAt: r.ended_at,
    pendingUntil: r.pending_until,
    depositCents: r.deposit_cents,
    overdue: r.status === 'active' && r.ends_at !== null && r.ends_at < now.toISOString(),
    transactions: txs.map(toTransaction),
  };
}
