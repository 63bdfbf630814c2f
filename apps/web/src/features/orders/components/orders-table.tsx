import { Input, Space, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERED_STATES, WAITING_PICKUP_STATES } from '@cacifo/contract/codes/order';
import type { ListOrdersReply, Order } from '@cacifo/contract/schemas/orders';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { OrderStateTag, WaitingChip } from './order-state-tag';
import { formatDateTime } from './format';
import './orders.css';

export const PAGE_SIZES = [10, 25, 50, 100];

/** Page, size and search of a list, kept in the URL (refine's table state in the URL). */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const pageSize = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  return {
    page,
    pageSize,
    search,
    offset: (page - 1) * pageSize,
    update,
    get: (key: string) => params.get(key),
  };
}

export function detailPath(o: Pick<Order, 'id' | 'state'>) {
  return DELIVERED_STATES.includes(o.state) ? `/orders-history/details/${o.id}` : `/orders/details/${o.id}`;
}

interface Props {
  query: UseQueryResult<ListOrdersReply>;
  list: ReturnType<typeof useListParams>;
  searchable?: boolean;
  testId: string;
  /** A short list beside other cards (the dashboard): one line per order, the columns that matter. */
  compact?: boolean;
}

/** The table every order list shares: server paging, search in the URL, links to the detail page. */
export function OrdersTable({ query, list, searchable = true, testId, compact = false }: Props) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Order> = [
    {
      title: t('orders.fields.packageId'),
      dataIndex: 'packageId',
      render: (v: string, o) => (
        <Link to={detailPath(o)} data-testid={`order-link-${o.packageId}`}>
          {v}
        </Link>
      ),
    },
    ...(compact
      ? []
      : ([
          { title: t('orders.fields.recipientPhone'), dataIndex: 'recipientPhone', responsive: ['md'] },
          { title: t('orders.fields.recipientNumber'), dataIndex: 'recipientNumber', responsive: ['lg'] },
        ] satisfies TableColumnsType<Order>)),
    {
      title: t('orders.fields.state'),
      dataIndex: 'state',
      render: (s: Order['state'], o) => (
        <Space size={4} wrap={false}>
          <OrderStateTag state={s} />
          {WAITING_PICKUP_STATES.includes(s) && <WaitingChip storedAt={o.storedAt} />}
        </Space>
      ),
    },
    {
      title: t('orders.fields.locker'),
      key: 'locker',
      render: (_: unknown, o) =>
        o.assignedLocker ? (
          <span>
            {compact ? '' : `${o.assignedLocker.locationName} · `}
            {t('orders.fields.door', { door: o.assignedLocker.doorNumber })} · {o.assignedLocker.size}
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('orders.fields.createdAt'),
      dataIndex: 'createdAt',
      render: formatDateTime,
      responsive: ['md'],
    },
    ...(compact
      ? []
      : ([
          {
            title: t('orders.fields.company'),
            dataIndex: 'company',
            render: (c: string | null) => c ?? '—',
            responsive: ['xl'],
          },
        ] satisfies TableColumnsType<Order>)),
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {searchable && (
        <Input.Search
          allowClear
          defaultValue={list.search}
          placeholder={t('orders.list.searchPlaceholder')}
          onSearch={(v) => list.update({ q: v.trim() || null, page: null })}
          style={{ maxWidth: 360 }}
          data-testid={`${testId}-search`}
        />
      )}
      {query.isError && <Typography.Text type="danger">{errorMessage(query.error)}</Typography.Text>}
      <Table<Order>
        rowKey="id"
        data-testid={testId}
        size={compact ? 'small' : 'middle'}
        className={compact ? 'orders-table-compact' : undefined}
        loading={query.isFetching && !query.data}
        columns={columns}
        dataSource={query.data?.deliveries ?? []}
        locale={{ emptyText: t('orders.list.empty') }}
        scroll={{ x: true }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: query.data?.totalDeliveries ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (n) => t('orders.list.total', { count: n }),
          onChange: (page, size) => list.update({ page: String(page), size: String(size) }),
        }}
      />
    </Space>
  );
}
