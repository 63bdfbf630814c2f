import { Card, Col, Row, Statistic, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lockerSize } from '@cacifo/contract/codes/locker';
import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import type { DeliveryPlace, Order } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useDeliveryAnalytics } from '../api/analytics';
import { useDeliveryPlaces } from '../api/deposit';
import { stateParam, useExpiredOrders, useOrders } from '../api/get-orders';
import { useOrderColumns } from '../components/order-columns';
import { pathTo } from '@cacifo/contract/route-paths';

/** /dashboard-delivery: waiting, expired and to-deposit counts, free lockers, recent orders. */
export default function DashboardDeliveryPage() {
  const { t } = useTranslation();
  const session = useSession();
  const recentColumns = useOrderColumns({ compact: true });
  const waiting = useOrders({
    max_results: 1,
    offset: 0,
    state: stateParam(ORDER_LIST_VARIANTS.deposited.state),
    archived: 'false',
  });
  const toDeposit = useOrders({ max_results: 1, offset: 0, state: '1,2,11', archived: 'false' });
  const expired = useExpiredOrders({ max_results: 1, offset: 0 });
  const analytics = useDeliveryAnalytics({}, session?.userRole === 'admin');
  const places = useDeliveryPlaces();
  const recent = useOrders({
    max_results: 10,
    offset: 0,
    state: stateParam(ORDER_LIST_VARIANTS.orders.state),
    archived: 'false',
  });
  const free = (places.data ?? []).reduce(
    (n, p) => n + lockerSize.values.reduce((m, s) => m + p.availableLockers[s], 0),
    0,
  );
  const placeColumns: TableColumnsType<DeliveryPlace> = [
    { title: t('orders.lockers.place'), dataIndex: 'name' },
    ...lockerSize.values.map((s) => ({
      title: s,
      key: s,
      render: (_: unknown, p: DeliveryPlace) => (
        <Tag color={p.availableLockers[s] ? 'green' : 'default'}>{p.availableLockers[s]}</Tag>
      ),
    })),
  ];
  return (
    <>
      <PageHeader routeId="dashboardDelivery" />
      <Row gutter={[16, 16]} data-testid="delivery-dashboard">
        <Col xs={12} lg={6}>
          <Card>
            <Link to={pathTo('depositedOrders')}>
              <Statistic title={t('orders.dashboard.waiting')} value={waiting.data?.totalDeliveries ?? 0} />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Link to={pathTo('expiredLockersDelivery')}>
              <Statistic
                title={t('orders.dashboard.expired')}
                value={expired.data?.totalDeliveries ?? 0}
                styles={{ content: { color: expired.data?.totalDeliveries ? '#cf1322' : undefined } }}
              />
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('orders.dashboard.created')} value={toDeposit.data?.totalDeliveries ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            {session?.userRole === 'admin' ? (
              <Statistic
                title={t('orders.dashboard.deliveredToday')}
                value={analytics.data?.totals.delivered ?? 0}
              />
            ) : (
              <Statistic title={t('orders.dashboard.freeLockers')} value={free} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('orders.dashboard.byPlace')}>
            <Table<DeliveryPlace>
              rowKey="id"
              size="small"
              pagination={false}
              columns={placeColumns}
              dataSource={places.data ?? []}
              scroll={{ x: true }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('orders.dashboard.recent')}>
            <Table<Order>
              rowKey="id"
              size="small"
              className="orders-table-compact"
              data-testid="dashboard-orders"
              loading={recent.isFetching && !recent.data}
              pagination={false}
              columns={recentColumns}
              dataSource={recent.data?.deliveries ?? []}
              locale={{ emptyText: t('orders.list.empty') }}
              scroll={{ x: true }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
