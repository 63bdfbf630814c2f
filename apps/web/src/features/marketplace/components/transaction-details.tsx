import { Card, Descriptions, Table, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { transactionAction } from '@cacifo/contract/codes/transaction';
import type { Transaction, TransactionDetails } from '@cacifo/contract/schemas/marketplace';
import { dateTime, euros } from './money';
import { MethodLabel, StatusTag } from './transaction-labels';

/** Rental, extension, or the overtime an MB WAY rental paid for ending late (docs/adr/0220). */
const KIND_LABEL = {
  rental: 'marketplace.transactions.kindRental',
  extension: 'marketplace.transactions.kindExtension',
  overtime: 'marketplace.transactions.kindOvertime',
} as const;

/** The transaction's fields: reference, status, kind, ids, method, phone, locker, pack, voucher, times. */
export function TransactionFields({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={1}>
      <Descriptions.Item label={t('marketplace.transactions.reference')}>{tx.reference}</Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.status')}>
        <StatusTag status={tx.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.kind')}>
        {t(KIND_LABEL[tx.kind])}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.identifier')}>
        {tx.identifier ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.transactionId')}>
        {tx.transactionId ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.method')}>
        <MethodLabel method={tx.method} />
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.phone')}>{tx.phone ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.locker')}>
        {tx.placeName ? `${tx.placeName} · #${tx.doorNumber}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.pack')}>
        {tx.packName ? `${tx.packName} · ${t('marketplace.common.hours', { count: tx.hours })}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.voucher')}>
        {tx.voucherCode ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.deposit')}>
        {euros(tx.depositCents)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.createdAt')}>
        {dateTime(tx.createdAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.updatedAt')}>
        {dateTime(tx.updatedAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.paidAt')}>
        {dateTime(tx.paidAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.rentalStart')}>
        {dateTime(tx.rentalStart)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.rentalEnd')}>
        {dateTime(tx.rentalEnd)}
      </Descriptions.Item>
      <Descriptions.Item label={t('marketplace.transactions.billedTime')}>
        {tx.billedMinutes === null ? '—' : t('marketplace.common.minutes', { count: tx.billedMinutes })}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The invoice: its lines, IVA and totals, and what was charged. */
export function TransactionInvoice({ invoice }: { invoice: TransactionDetails['invoice'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('marketplace.transactions.invoice')} data-testid="transaction-invoice">
      <Table
        size="small"
        rowKey="label"
        pagination={false}
        dataSource={invoice.lines}
        columns={[
          { title: t('marketplace.transactions.line'), dataIndex: 'label' },
          {
            title: t('marketplace.transactions.amount'),
            dataIndex: 'amountCents',
            align: 'end',
            render: (c: number) => euros(c),
          },
          {
            title: t('marketplace.transactions.discount'),
            dataIndex: 'discountCents',
            align: 'end',
            render: (c: number) => euros(-c),
          },
        ]}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('marketplace.transactions.invoiceId')}>
          {invoice.invoiceId ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('marketplace.transactions.cost')}>
          {euros(invoice.costCents)}
        </Descriptions.Item>
        <Descriptions.Item label={`${t('marketplace.transactions.iva')} (${invoice.ivaPercent}%)`}>
          {euros(invoice.ivaCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('marketplace.transactions.totalCost')}>
          <strong data-testid="invoice-total">{euros(invoice.totalCostCents)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('marketplace.transactions.charged')}>
          {euros(invoice.chargedCents)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The transaction's log, as a timeline. */
export function TransactionLogs({ logs }: { logs: TransactionDetails['logs'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('marketplace.transactions.logs')}>
      {logs.length === 0 ? (
        t('marketplace.transactions.noLogs')
      ) : (
        <Timeline
          items={logs.map((l) => ({
            key: l.id,
            content: (
              <>
                {transactionAction.has(l.action) ? t(transactionAction.labelKey(l.action)) : l.action} ·{' '}
                <StatusTag status={l.status} />{' '}
                <span className="cell-secondary">{dateTime(l.createdAt)}</span>
              </>
            ),
          }))}
        />
      )}
    </Card>
  );
}
