import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paymentMethod, transactionStatus } from '@cacifo/contract/codes/transaction';
import { can } from '@cacifo/contract/permissions';
import type { Transaction } from '@cacifo/contract/schemas/marketplace';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useMarketplacePlaces, useTransactions, type TransactionListQuery } from '../api/transactions';
import { dateTime, euros } from '../components/money';
import { MethodLabel, StatusTag } from '../components/transaction-labels';

const PAGE_SIZES = [10, 25, 50, 100];

// Loaded after the page: the dialog's form code is not needed to show the list.
const TransactionDrawer = lazy(() =>
  import('../components/transaction-drawer').then((m) => ({ default: m.TransactionDrawer })),
);

/** /marketplace/transactions: server-paged list; filters, page and the open transaction live in the URL. */
export default function MarketplaceTransactionsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const mayManage = !!session && can(session.userRole, 'marketplace.manage', session.modules);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const pageSize = Number(params.get('size')) || 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const from = params.get('from');
  const to = params.get('to');
  const openId = Number(params.get('id')) || null;
  const list = useTransactions({
    max_results: pageSize,
    offset: (page - 1) * pageSize,
    status: params.get('status') ?? undefined,
    // A method the server does not know is refused there (400), as any other bad filter in the URL.
    method: (params.get('method') ?? undefined) as TransactionListQuery['method'],
    placeId: Number(params.get('place')) || undefined,
    dateInterval: from && to ? `${from}|${to}` : undefined,
    search: params.get('q') || undefined,
  });
  const places = useMarketplacePlaces();

  const update = (patch: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<Transaction> = [
    { title: t('marketplace.transactions.date'), dataIndex: 'createdAt', render: (d: string) => dateTime(d) },
    {
      title: t('marketplace.transactions.reference'),
      dataIndex: 'reference',
      // A button, so the keyboard reaches each transaction too (the row click is for the mouse).
      render: (r: string, x) => (
        <Button
          type="link"
          size="small"
          className="table-link-button"
          onClick={(e) => {
            e.stopPropagation();
            update({ id: String(x.id) }, false);
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
      align: 'end',
      render: (c: number) => <span data-testid="tx-total">{euros(c)}</span>,
    },
    {
      title: t('marketplace.transactions.charged'),
      dataIndex: 'chargedCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
  ];

  return (
    <>
      <PageHeader routeId="marketplaceTransactions" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            value={search}
            placeholder={t('marketplace.transactions.search')}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => update({ q: v.trim() })}
            style={{ width: 320 }}
            data-testid="tx-search"
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.status')}
            aria-label={t('marketplace.transactions.status')}
            value={params.get('status') ?? undefined}
            onChange={(v?: string) => update({ status: v ?? null })}
            options={transactionStatus.values.map((v) => ({
              value: v,
              label: t(transactionStatus.labelKey(v) as 'transactionStatus.PAID'),
            }))}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.method')}
            aria-label={t('marketplace.transactions.method')}
            value={params.get('method') ?? undefined}
            onChange={(v?: string) => update({ method: v ?? null })}
            options={paymentMethod.values.map((v) => ({
              value: v,
              label: t(paymentMethod.labelKey(v) as 'paymentMethod.MBWAY'),
            }))}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.place')}
            aria-label={t('marketplace.transactions.place')}
            value={Number(params.get('place')) || undefined}
            onChange={(v?: number) => update({ place: v ? String(v) : null })}
            options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            style={{ width: 200 }}
          />
          <LazyRangePicker
            format="DD/MM/YYYY"
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(r) =>
              update({ from: r?.[0]?.format('YYYY-MM-DD') ?? null, to: r?.[1]?.format('YYYY-MM-DD') ?? null })
            }
          />
        </Space>
        {list.isError && (
          <Alert type="error" showIcon title={errorMessage(list.error)} style={{ marginBottom: 16 }} />
        )}
        <Table
          rowKey="id"
          columns={columns.map((c) => ({ ...c, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) }))}
          dataSource={list.data?.transactions ?? []}
          loading={list.isFetching}
          scroll={{ x: true }}
          locale={{ emptyText: t('marketplace.transactions.empty') }}
          onRow={(r) => ({
            onClick: () => update({ id: String(r.id) }, false),
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.totalTransactions ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (n) => t('marketplace.transactions.total', { count: n }),
            onChange: (p, s) => update({ page: String(p), size: String(s) }, false),
          }}
          data-testid="tx-table"
        />
      </Card>
      <Suspense fallback={null}>
        <TransactionDrawer id={openId} mayManage={mayManage} onClose={() => update({ id: null }, false)} />
      </Suspense>
    </>
  );
}
