import { lazy, Suspense } from 'react';
import { Alert, Card, Col, List, Row, Skeleton, Statistic, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChartPlaceholder } from '@/components/chart-placeholder';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useOfficeDashboard } from '../api/get-office-dashboard';
import { pathTo } from '@cacifo/contract/route-paths';

const OfficeDailyChart = lazy(() =>
  import('../components/office-daily-chart').then((m) => ({ default: m.OfficeDailyChart })),
);

/** /dashboard-office: users, lockers, openings and refusals at a glance. */
export default function DashboardOfficePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dash = useOfficeDashboard();
  if (dash.isError)
    return (
      <>
        <PageHeader routeId="dashboardOffice" />
        <Alert type="error" showIcon title={errorMessage(dash.error)} />
      </>
    );
  if (!dash.data)
    return (
      <>
        <PageHeader routeId="dashboardOffice" />
        <Skeleton active />
      </>
    );
  const d = dash.data;
  const stat = (title: string, value: number, to?: string, color?: string) => (
    <Col xs={12} md={8} xl={4}>
      <Card size="small">
        <Statistic
          title={to ? <Link to={to}>{title}</Link> : title}
          value={value}
          styles={{ content: { color } }}
        />
      </Card>
    </Col>
  );
  return (
    <>
      <PageHeader routeId="dashboardOffice" />
      <Row gutter={[16, 16]}>
        {stat(t('office.dashboard.users'), d.users.enabled, '/office-users')}
        {stat(t('office.dashboard.lockersInUse'), d.lockers.inUse, '/locations')}
        {stat(t('office.dashboard.lockersFree'), d.lockers.free, undefined, token.colorSuccess)}
        {stat(
          t('office.dashboard.expired'),
          d.lockers.expired,
          '/expired-lockers',
          d.lockers.expired ? token.colorError : undefined,
        )}
        {stat(t('office.dashboard.openingsToday'), d.openings.today, '/activity')}
        {stat(
          t('office.dashboard.deniedToday'),
          d.accessDenied.today,
          '/activity?kind=access',
          d.accessDenied.today ? token.colorWarning : undefined,
        )}
        <Col xs={24} xl={16}>
          <Card title={t('office.dashboard.daily')} size="small">
            <div style={{ height: 260 }}>
              <Suspense fallback={<ChartPlaceholder height="100%" />}>
                <OfficeDailyChart daily={d.daily} />
              </Suspense>
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('office.dashboard.topUsers')} size="small">
            <List
              size="small"
              dataSource={d.topUsers}
              locale={{ emptyText: t('office.common.none') }}
              renderItem={(u, i) => (
                <List.Item extra={<strong>{u.openings}</strong>}>
                  <span>
                    {i + 1}. <Link to={pathTo('officeUserDetails', { id: u.id })}>{u.name}</Link>
                  </span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('office.dashboard.credentials')}>
            <Row>
              <Col span={8}>
                <Statistic title={t('office.dashboard.total')} value={d.users.total} />
              </Col>
              <Col span={8}>
                <Statistic title={t('office.fields.card')} value={d.users.withCard} />
              </Col>
              <Col span={8}>
                <Statistic title={t('office.fields.pin')} value={d.users.withPin} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('office.dashboard.doors')}>
            <Row>
              <Col span={6}>
                <Statistic title={t('office.dashboard.lockersTotal')} value={d.lockers.total} />
              </Col>
              <Col span={6}>
                <Statistic title={t('office.dashboard.lockersAssigned')} value={d.lockers.assigned} />
              </Col>
              <Col span={6}>
                <Statistic title={t('office.dashboard.open')} value={d.lockers.open} />
              </Col>
              <Col span={6}>
                <Statistic
                  title={t('office.dashboard.alerts')}
                  value={d.lockers.alerts}
                  styles={{ content: { color: d.lockers.alerts ? token.colorError : undefined } }}
                />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('office.dashboard.openings')}>
            <Row>
              <Col span={12}>
                <Statistic title={t('office.stats.last15Days')} value={d.openings.last15Days} />
              </Col>
              <Col span={12}>
                <Statistic title={t('office.stats.last30Days')} value={d.openings.last30Days} />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
    </>
  );
}
