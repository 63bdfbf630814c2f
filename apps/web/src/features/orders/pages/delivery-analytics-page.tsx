import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Select, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { lockerSize } from '@cacifo/contract/codes/locker';
import { analyticsQuerySchema } from '@cacifo/contract/schemas/orders';
import { ChartPlaceholder } from '@/components/chart-placeholder';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useDeliveryAnalytics } from '../api/analytics';
import { useDeliveryPlaces } from '../api/deposit';

const PerDayChart = lazy(() =>
  import('../components/delivery-charts').then((m) => ({ default: m.PerDayChart })),
);
const BySizeChart = lazy(() =>
  import('../components/delivery-charts').then((m) => ({ default: m.BySizeChart })),
);

/** /delivery-analytics: orders per day, totals, locker sizes used and occupancy for a place and period. */
export default function DeliveryAnalyticsPage() {
  const { t } = useTranslation();
  const places = useDeliveryPlaces();
  // The place and the period live in the URL (issue #22): a reload or a link shows the same figures.
  const { filters, setFilters } = useListState(analyticsQuerySchema);
  const placeId = filters.locationId ? Number(filters.locationId) : undefined;
  const [from, to] = (filters.dateRange ?? '').split('|');
  const range = from && to ? [dayjs(from), dayjs(to)] : [dayjs().subtract(29, 'day'), dayjs()];
  const dateRange = `${range[0]!.format('YYYY-MM-DD')}|${range[1]!.format('YYYY-MM-DD')}`;
  const query = useDeliveryAnalytics({ locationId: placeId, dateRange });
  const a = query.data;
  const sizes = a ? lockerSize.values.map((s) => ({ size: s, orders: a.bySize[s] })) : [];
  const stat = (key: 'created' | 'stored' | 'delivered' | 'canceled' | 'waiting' | 'expired') => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Card>
        <Statistic
          title={t(`orders.analytics.${key}`)}
          value={a?.totals[key] ?? 0}
          loading={query.isLoading}
        />
      </Card>
    </Col>
  );
  return (
    <>
      <PageHeader routeId="deliveryAnalytics" />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 220 }}
          allowClear
          placeholder={t('orders.analytics.allPlaces')}
          value={placeId}
          onChange={(v: number | undefined) => setFilters({ locationId: v })}
          options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          aria-label={t('orders.analytics.place')}
        />
        <LazyRangePicker
          allowClear={false}
          value={[range[0]!, range[1]!]}
          onChange={(v) =>
            v?.[0] &&
            v[1] &&
            setFilters({ dateRange: `${v[0].format('YYYY-MM-DD')}|${v[1].format('YYYY-MM-DD')}` })
          }
          aria-label={t('orders.analytics.range')}
        />
      </Space>
      <Row gutter={[16, 16]} data-testid="delivery-analytics">
        {(['created', 'stored', 'delivered', 'canceled', 'waiting', 'expired'] as const).map(stat)}
        <Col xs={24} xl={16}>
          <Card title={t('orders.analytics.perDay')}>
            {a && a.totals.created === 0 && a.totals.delivered === 0 ? (
              <Empty description={t('orders.analytics.noData')} />
            ) : (
              <Suspense fallback={<ChartPlaceholder height={300} />}>
                <PerDayChart perDay={a?.perDay ?? []} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Card title={t('orders.analytics.bySize')}>
              <Suspense fallback={<ChartPlaceholder height={180} />}>
                <BySizeChart sizes={sizes} />
              </Suspense>
            </Card>
            <Card>
              <Statistic
                title={t('orders.analytics.averagePickup')}
                value={a?.averagePickupHours ?? '—'}
                suffix={a?.averagePickupHours !== null && a ? 'h' : undefined}
              />
              <Statistic
                style={{ marginTop: 12 }}
                title={t('orders.analytics.occupancy')}
                value={a ? `${a.occupancy.occupied} / ${a.occupancy.lockers}` : '—'}
              />
            </Card>
          </Space>
        </Col>
      </Row>
    </>
  );
}
