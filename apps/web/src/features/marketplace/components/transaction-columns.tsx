import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@cacifo/contract/schemas/marketplace';
import type { ListColumn } from '@/components/list/list-table';
import { dateTime, euros } from './money';
import { MethodLabel, StatusTag } from './transaction-labels';

/** The transaction list's columns: date, reference (a button that opens it), status, method, phone, locker, pack, amounts. */
export function useTransactionColumns(onOpen: (id: number) => void): ListColumn<Transaction>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('marketplace.transactions.date'),
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (d: string) => dateTime(d),
    },
    {
      title: t('marketplace.transactions.reference'),
      dataIndex: 'reference',
      sortKey: 'reference',
      // A button, so the keyboard reaches each transaction too (the row click is for the mouse).
      render: (r: string, x) => (
        <Button
          type="link"
          size="small"
          className="table-link-button"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(x.id);
          }}
          data-testid="tx-ref"
        >
          {r}
        </Button>
      ),
    },
    {
      title: t('marketplace.transactions.status'),
      dataIndex: 'status',
      render: (s: string) => <StatusTag status={s} />,
    },
    {
      title: t('marketplace.transactions.method'),
      dataIndex: 'method',
      render: (m: Transaction['method']) => <MethodLabel method={m} />,
    },
    {
      title: t('marketplace.transactions.phone'),
      dataIndex: 'phone',
      render: (p: string | null) => p ?? '—',
    },
    {
      title: t('marketplace.transactions.locker'),
      key: 'locker',
      render: (_, x) => (x.doorNumber ? `${x.placeName ?? ''} #${x.doorNumber}` : '—'),
    },
    {
      title: t('marketplace.transactions.pack'),
      dataIndex: 'packName',
      render: (n: string | null) => n ?? '—',
    },
    {
      title: t('marketplace.transactions.amount'),
      dataIndex: 'amountCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
    {
      title: t('marketplace.transactions.iva'),
      dataIndex: 'ivaCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
    {
      title: t('marketplace.transactions.totalCost'),
      dataIndex: 'totalCostCents',
      sortKey: 'totalCostCents',
      align: 'end',
      render: (c: number) => <span data-testid="tx-total">{euros(c)}</span>,
    },
    {
      title: t('marketplace.transactions.charged'),
      dataIndex: 'chargedCents',
      sortKey: 'chargedCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
  ];
}
