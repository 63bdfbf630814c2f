import { Card, Input, Select, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderState, type OrderState } from '@cacifo/contract/codes/order';
import { orderLogsQuerySchema, type OrderLog } from '@cacifo/contract/schemas/orders';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useOrderLogs } from '../api/get-orders';
import { OrderStateTag } from '../components/order-state-tag';
import { formatDateTime } from '../components/format';
import { pathTo } from '@cacifo/contract/route-paths';

/** /orders-logs: every order log row, filtered by package, action, actor and days (in the URL). */
export default function OrdersLogsPage() {
  const { t } = useTranslation();
  const list = useListState(orderLogsQuerySchema);
  const { filters } = list;
  const query = useOrderLogs(list.query);
  const columns: ListColumn<OrderLog>[] = [
    { title: t('orders.logs.date'), dataIndex: 'createdAt', sortKey: 'createdAt', render: formatDateTime },
    {
      title: t('orders.fields.packageId'),
      dataIndex: 'packageId',
      render: (p: string, l) => <Link to={pathTo('orderDetails', { orderId: l.orderId })}>{p}</Link>,
    },
    {
      title: t('orders.logs.action'),
      dataIndex: 'state',
      render: (s: OrderState) => <OrderStateTag state={s} />,
    },
    {
      title: t('orders.logs.from'),
      dataIndex: 'fromState',
      render: (s: OrderState | null) => (s ? <OrderStateTag state={s} /> : '—'),
      responsive: ['md'],
    },
    { title: t('orders.logs.admin'), dataIndex: 'adminName' },
    {
      title: t('orders.logs.description'),
      dataIndex: 'description',
      responsive: ['lg'],
      render: (d: string | null) => d ?? '',
    },
  ];
  return (
    <>
      <PageHeader routeId="ordersLogs" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={`p${filters.packageId ?? ''}`}
            allowClear
            defaultValue={filters.packageId}
            placeholder={t('orders.fields.packageId')}
            onSearch={(v) => list.setFilters({ packageId: v.trim() })}
            style={{ width: 220 }}
            data-testid="order-logs-search"
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('orders.logs.action')}
            placeholder={t('orders.logs.action')}
            value={filters.actionId ? Number(filters.actionId) : undefined}
            onChange={(v?: number) => list.setFilters({ actionId: v })}
            style={{ width: 220 }}
            options={orderState.values.map((s) => ({
              value: s,
              label: t(orderState.labelKey(s)),
            }))}
            data-testid="order-logs-filter-action"
          />
          <Input.Search
            key={`a${filters.actor ?? ''}`}
            allowClear
            defaultValue={filters.actor}
            placeholder={t('orders.logs.admin')}
            onSearch={(v) => list.setFilters({ actor: v.trim() })}
            style={{ width: 180 }}
            data-testid="order-logs-filter-actor"
          />
          <DateRangeFilter
            label={t('orders.logs.dateRange')}
            value={filters.createdAtInterval}
            onChange={(v) => list.setFilters({ createdAtInterval: v })}
          />
        </Space>
        <ListTable<OrderLog, typeof orderLogsQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={query.data?.logs}
          total={query.data?.totalLogs}
          lowerBound={query.data?.totalIsLowerBound}
          loading={query.isFetching && !query.data}
          error={query.isError ? query.error : undefined}
          countKey="orders.logs.count"
          testId="order-logs-table"
        />
      </Card>
    </>
  );
}
