import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceAnalytics } from '@cacifo/contract/schemas/locations';

const WINDOWS = ['last15Days', 'last30Days', 'last1Year'] as const;

/** One card per window (15 days, 30 days, a year): openings, alerts and active users. */
export function AnalyticsWindows({ data }: { data: PlaceAnalytics }) {
  const { t } = useTranslation();
  const openings = t('locations.analytics.openings');
  return (
    <>
      {WINDOWS.map((w) => (
        <Col xs={24} md={8} key={w}>
          <Card size="small" title={t(`locations.analytics.window.${w}`)}>
            <Row gutter={8}>
              <Col span={8}>
                <Statistic title={openings} value={data.windows[w].doorOpenings} />
              </Col>
              <Col span={8}>
                <Statistic title={t('locations.analytics.alerts')} value={data.windows[w].alerts} />
              </Col>
              <Col span={8}>
                <Statistic title={t('locations.analytics.activeUsers')} value={data.windows[w].activeUsers} />
              </Col>
            </Row>
          </Card>
        </Col>
      ))}
    </>
  );
}

/** The reports' counts, the users and the occupancy. */
export function AnalyticsReports({ data }: { data: PlaceAnalytics }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('locations.analytics.reports')} className="analytics-card">
      <Row gutter={[16, 16]}>
        {(Object.keys(data.reports) as (keyof PlaceAnalytics['reports'])[]).map((k) => (
          <Col span={12} key={k}>
            <Statistic title={t(`locations.analytics.report.${k}`)} value={data.reports[k]} />
          </Col>
        ))}
        <Col span={12}>
          <Statistic title={t('locations.analytics.users')} value={data.users} />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('locations.analytics.occupancy')}
            value={data.lockers.total ? Math.round((data.lockers.occupied / data.lockers.total) * 100) : 0}
            suffix="%"
          />
        </Col>
      </Row>
    </Card>
  );
}
