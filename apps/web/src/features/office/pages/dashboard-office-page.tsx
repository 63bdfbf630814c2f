import { Alert, Card, Col, List, Row, Skeleton, Statistic, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useOfficeDashboard } from '../api/get-office-dashboard';

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
  const axis = { fill: token.colorTextSecondary, fontSize: 11 };
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
        {stat(t('office.dashboard.lockersAssigned'), d.lockers.assigned)}
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
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={d.daily.map((x) => ({ ...x, day: x.date.slice(5) }))}
                  margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
                >
                  <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tick={axis} stroke={token.colorBorder} />
                  <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
                  <Tooltip
                    contentStyle={{
                      background: token.colorBgElevated,
                      border: `1px solid ${token.colorBorder}`,
                    }}
                  />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar
                    dataKey="openings"
                    name={t('office.stats.openings')}
                    fill={token.colorPrimary}
                    radius={[3, 3, 0, 0]}
                  />
                  <Bar
                    dataKey="denied"
                    name={t('office.dashboard.denied')}
                    fill={token.colorWarning}
                    radius={[3, 3, 0, 0]}
                  />
                </BarChart>
              </ResponsiveContainer>
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
                    {i + 1}. <Link to={`/office-users/details/${u.id}`}>{u.name}</Link>
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
              <Col span={8}>
                <Statistic title={t('office.dashboard.lockersTotal')} value={d.lockers.total} />
              </Col>
              <Col span={8}>
                <Statistic title={t('office.dashboard.open')} value={d.lockers.open} />
              </Col>
              <Col span={8}>
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
