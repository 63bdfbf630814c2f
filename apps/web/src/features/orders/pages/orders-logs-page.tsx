import { Input, Space, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OrderState } from '@cacifo/contract/codes/order';
import type { OrderLog } from '@cacifo/contract/schemas/orders';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { useOrderLogs } from '../api/get-orders';
import { PAGE_SIZES, useListParams } from '../components/orders-table';
import { OrderStateTag } from '../components/order-state-tag';
import { formatDateTime } from '../components/format';

/** /orders-logs: every order log row, newest first, filtered by package and period (in the URL). */
export default function OrdersLogsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const [from, to] = (list.get('range') ?? '').split('|');
  const range = from && to ? `${from}|${to}` : undefined;
  const query = useOrderLogs({
    max_results: list.pageSize,
    offset: list.offset,
    packageId: list.search || undefined,
    createdAtInterval: range,
  });
  const columns: TableColumnsType<OrderLog> = [
    { title: t('orders.logs.date'), dataIndex: 'createdAt', render: formatDateTime },
    {
      title: t('orders.fields.packageId'),
      dataIndex: 'packageId',
      render: (p: string, l) => <Link to={`/orders/details/${l.orderId}`}>{p}</Link>,
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
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          defaultValue={list.search}
          placeholder={t('orders.fields.packageId')}
          onSearch={(v) => list.update({ q: v.trim() || null, page: null })}
          style={{ width: 260 }}
        />
        <LazyRangePicker
          aria-label={t('orders.logs.dateRange')}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(v) =>
            list.update({
              range: v?.[0] && v[1] ? `${v[0].format('YYYY-MM-DD')}|${v[1].format('YYYY-MM-DD')}` : null,
              page: null,
            })
          }
        />
      </Space>
      <Table<OrderLog>
        rowKey="id"
        size="middle"
        data-testid="order-logs-table"
        loading={query.isFetching && !query.data}
        columns={columns}
        dataSource={query.data?.logs ?? []}
        scroll={{ x: true }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: query.data?.totalLogs ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (page, size) => list.update({ page: String(page), size: String(size) }),
        }}
      />
    </>
  );
}
