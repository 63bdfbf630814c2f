import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { WAITING_PICKUP_STATES } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { endpointQuery } from '@/lib/endpoint-query';
import { OrderStateTag, WaitingChip } from '../components/order-state-tag';
import { formatDateTime } from '../components/format';

/**
 * /courier/orders: the orders this courier deposited, most recent first, with where each one is now.
 * A plain list; the list kit (filters, sort, export) comes with issue #22.
 */
export default function CourierOrdersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 25 });
  const query = useQuery(
    endpointQuery(
      ordersApi.mine,
      { query: { max_results: page.size, offset: (page.current - 1) * page.size } },
      { placeholderData: keepPreviousData, refetchInterval: 30_000 },
    ),
  );
  const columns: TableColumnsType<Order> = [
    { title: t('orders.fields.packageId'), dataIndex: 'packageId' },
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
        o.assignedLocker
          ? `${o.assignedLocker.locationName} · ${t('orders.fields.door', { door: o.assignedLocker.doorNumber })}`
          : '—',
    },
    { title: t('orders.fields.storedAt'), dataIndex: 'storedAt', render: formatDateTime },
    { title: t('orders.fields.pickUpAt'), dataIndex: 'pickUpAt', render: formatDateTime, responsive: ['md'] },
  ];
  return (
    <>
      <PageHeader routeId="courierOrders" />
      {query.isError && <Typography.Text type="danger">{errorMessage(query.error)}</Typography.Text>}
      <Table<Order>
        rowKey="id"
        data-testid="courier-orders"
        loading={query.isFetching && !query.data}
        columns={columns}
        dataSource={query.data?.deliveries ?? []}
        locale={{ emptyText: t('orders.list.empty') }}
        scroll={{ x: true }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: query.data?.totalDeliveries ?? 0,
          showTotal: (n) => t('orders.list.total', { count: n }),
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </>
  );
}
