import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Progress,
  Row,
  Statistic,
  Table,
  Tag,
  theme,
  type TableColumnsType,
} from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { ChartPlaceholder } from '@/components/chart-placeholder';
import { PageHeader } from '@/components/page-header';
import { useMarketplaceOverview } from '../api/get-overview';
import { dateTime, euros } from '../components/money';
import { MethodLabel } from '../components/transaction-labels';

const RevenueChart = lazy(() =>
  import('../components/revenue-chart').then((m) => ({ default: m.RevenueChart })),
);

/** /marketplace: revenue, transaction counts, occupancy per marketplace location and the active rentals. */
export default function MarketplacePage() {
  const { t } = useTranslation();
  const q = useMarketplaceOverview();
  const { token } = theme.useToken();
  const d = q.data;

  const columns: TableColumnsType<Rental> = [
    {
      title: t('marketplace.overview.locker'),
      key: 'locker',
      render: (_, r) => `#${r.doorNumber} (${r.size})`,
    },
    {
      title: t('marketplace.overview.status'),
      key: 'status',
      render: (_, r) => (
        <>
          <Tag color={r.status === 'active' ? 'green' : 'gold'}>
            {t(`marketplace.overview.rentalStatus.${r.status}`)}
          </Tag>
          {r.overdue && <Tag color="red">{t('marketplace.overview.overdue')}</Tag>}
        </>
      ),
    },
    {
      title: t('marketplace.transactions.method'),
      dataIndex: 'method',
      render: (m: Rental['method']) => <MethodLabel method={m} />,
    },
    {
      title: t('marketplace.transactions.rentalStart'),
      dataIndex: 'startedAt',
      render: (s: string | null) => dateTime(s),
    },
    { title: t('marketplace.overview.ends'), dataIndex: 'endsAt', render: (s: string | null) => dateTime(s) },
    {
      title: t('marketplace.transactions.totalCost'),
      key: 'total',
      align: 'end',
      render: (_, r) => euros(r.transactions.reduce((sum, x) => sum + x.totalCostCents, 0)),
    },
  ];

  if (q.isError) {
    return (
      <>
        <PageHeader routeId="marketplace" />
        <Alert
          type="error"
          showIcon
          title={t('marketplace.common.loadError')}
          action={<Button onClick={() => void q.refetch()}>{t('marketplace.common.retry')}</Button>}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader routeId="marketplace" />
      <Row gutter={[16, 16]}>
        {(
          [
            ['revenueToday', d?.revenue.todayCents],
            ['revenue30', d?.revenue.last30DaysCents],
            ['revenueTotal', d?.revenue.totalCents],
          ] as const
        ).map(([k, v]) => (
          <Col xs={24} sm={8} key={k}>
            <Card loading={q.isLoading}>
              <Statistic
                title={t(`marketplace.overview.${k}`)}
                value={euros(v ?? 0)}
                data-testid={`overview-${k}`}
              />
            </Card>
          </Col>
        ))}
        {(
          [
            ['paid', d?.transactions.paid, '#389e0d'],
            ['pending', d?.transactions.pending, '#d48806'],
            ['failed', d?.transactions.failed, '#cf1322'],
          ] as const
        ).map(([k, v, colour]) => (
          <Col xs={8} key={k}>
            <Card loading={q.isLoading} size="small">
              <Statistic
                title={t(`marketplace.overview.${k}`)}
                value={v ?? 0}
                styles={{ content: { color: colour } }}
              />
            </Card>
          </Col>
        ))}
        <Col span={24}>
          <Card title={t('marketplace.overview.revenueDaily')} loading={q.isLoading}>
            {d && (
              <Suspense fallback={<ChartPlaceholder height={240} />}>
                <RevenueChart daily={d.daily} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('marketplace.overview.occupancy')} loading={q.isLoading} style={{ height: '100%' }}>
            {d && d.occupancy.length === 0 && <Empty description={t('marketplace.overview.noPlaces')} />}
            {d?.occupancy.map((p) => (
              <div key={p.placeId} style={{ marginBottom: 16 }}>
                <strong>{p.placeName}</strong>
                <Progress
                  percent={p.lockers ? Math.round((p.occupied / p.lockers) * 100) : 0}
                  strokeColor={token.colorPrimary}
                  aria-label={t('common.occupancyOf', { place: p.placeName })}
                />
                <span className="cell-secondary">
                  {t('marketplace.overview.occupied', { occupied: p.occupied, lockers: p.lockers })} ·{' '}
                  {t('marketplace.overview.available', { count: p.available })}
                </span>
              </div>
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('marketplace.overview.activeRentals')}>
            <Table
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={d?.activeRentals ?? []}
              loading={q.isLoading}
              pagination={false}
              scroll={{ x: true }}
              locale={{ emptyText: t('marketplace.overview.noRentals') }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
