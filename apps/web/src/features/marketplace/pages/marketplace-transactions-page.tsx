import { lazy, Suspense } from 'react';
import { Card, Input, Select, Space } from 'antd';
import { parseAsInteger, useQueryState } from 'nuqs';
import { useTranslation } from 'react-i18next';
import { paymentMethod, transactionStatus } from '@cacifo/contract/codes/transaction';
import { marketplaceApi } from '@cacifo/contract/endpoints/marketplace';
import { can } from '@cacifo/contract/permissions';
import { listTransactionsQuerySchema, type Transaction } from '@cacifo/contract/schemas/marketplace';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useMarketplacePlaces, useTransactions } from '../api/transactions';
import { useTransactionColumns } from '../components/transaction-columns';

// Loaded after the page: the dialog's form code is not needed to show the list.
const TransactionDrawer = lazy(() =>
  import('../components/transaction-drawer').then((m) => ({ default: m.TransactionDrawer })),
);

/** /marketplace/transactions: the list kit (issue #22); filters, sort, page and the open transaction in the URL. */
export default function MarketplaceTransactionsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const mayManage = !!session && can(session.userRole, 'marketplace.manage', session.modules);
  const list = useListState(listTransactionsQuerySchema);
  const { filters } = list;
  const [openId, setOpenId] = useQueryState('id', parseAsInteger.withOptions({ history: 'replace' }));
  const transactions = useTransactions(list.query);
  const places = useMarketplacePlaces();

  const columns = useTransactionColumns((id) => void setOpenId(id));

  return (
    <>
      <PageHeader
        routeId="marketplaceTransactions"
        extra={
          <ExportButton
            endpoint={marketplaceApi.exportTransactions}
            filters={list.filterQuery}
            total={transactions.data?.totalTransactions}
            countKey="marketplace.transactions.count"
            testId="tx-export"
          />
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={filters.search ?? ''}
            allowClear
            defaultValue={filters.search}
            placeholder={t('marketplace.transactions.search')}
            onSearch={(v) => list.setFilters({ search: v.trim() })}
            style={{ width: 320 }}
            data-testid="tx-search"
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.status')}
            aria-label={t('marketplace.transactions.status')}
            value={filters.status}
            onChange={(v?: string) => list.setFilters({ status: v })}
            options={transactionStatus.values.map((v) => ({
              value: v,
              label: t(transactionStatus.labelKey(v)),
            }))}
            style={{ width: 160 }}
            data-testid="tx-filter-status"
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.method')}
            aria-label={t('marketplace.transactions.method')}
            value={filters.method}
            onChange={(v?: string) => list.setFilters({ method: v })}
            options={paymentMethod.values.map((v) => ({
              value: v,
              label: t(paymentMethod.labelKey(v)),
            }))}
            style={{ width: 160 }}
            data-testid="tx-filter-method"
          />
          <Select
            allowClear
            placeholder={t('marketplace.transactions.place')}
            aria-label={t('marketplace.transactions.place')}
            value={filters.placeId ? Number(filters.placeId) : undefined}
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            style={{ width: 200 }}
            data-testid="tx-filter-place"
          />
          <DateRangeFilter
            label={t('marketplace.transactions.dates')}
            value={filters.dateInterval}
            onChange={(v) => list.setFilters({ dateInterval: v })}
          />
        </Space>
        <ListTable<Transaction, typeof listTransactionsQuerySchema>
          list={list}
          rowKey="id"
          columns={columns.map((c) => ({ ...c, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) }))}
          rows={transactions.data?.transactions}
          total={transactions.data?.totalTransactions}
          lowerBound={transactions.data?.totalIsLowerBound}
          loading={transactions.isFetching && !transactions.data}
          error={transactions.isError ? transactions.error : undefined}
          countKey="marketplace.transactions.count"
          emptyText={t('marketplace.transactions.empty')}
          onRow={(r) => ({ onClick: () => void setOpenId(r.id), style: { cursor: 'pointer' } })}
          testId="tx-table"
        />
      </Card>
      <Suspense fallback={null}>
        <TransactionDrawer id={openId} mayManage={mayManage} onClose={() => void setOpenId(null)} />
      </Suspense>
    </>
  );
}
