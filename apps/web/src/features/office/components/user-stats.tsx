import { Alert, Card, Col, Row, Skeleton, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '@/lib/api-client';
import { useUserKpis } from '../api/get-user-kpis';
import { formatSeconds } from './weekdays';

/** Openings, alerts and time with the door open (15 d, 30 d, 1 year) and a 30-day chart. */
export function UserStats({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const kpis = useUserKpis(userId);
  if (kpis.isError) return <Alert type="error" showIcon title={errorMessage(kpis.error)} />;
  if (!kpis.data) return <Skeleton active />;
  const k = kpis.data;
  const axis = { fill: token.colorTextSecondary, fontSize: 11 };
  return (
    <Card title={t('office.stats.title')} data-testid="user-stats">
      <Row gutter={[16, 16]}>
        {(['last15Days', 'last30Days', 'last1Year', 'total'] as const).map((w) => (
          <Col xs={12} md={6} key={w}>
            <Statistic
              title={`${t('office.stats.openings')} · ${t(`office.stats.${w}`)}`}
              value={k.doorOpenings[w]}
            />
          </Col>
        ))}
        {(['last15Days', 'last30Days', 'last1Year', 'total'] as const).map((w) => (
          <Col xs={12} md={6} key={`a${w}`}>
            <Statistic
              title={`${t('office.stats.alerts')} · ${t(`office.stats.${w}`)}`}
              value={k.doorAlerts[w]}
              styles={{ content: { color: k.doorAlerts[w] ? token.colorError : undefined } }}
            />
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Statistic
            title={`${t('office.stats.timeOpen')} · ${t('office.stats.last30Days')}`}
            value={formatSeconds(k.timeSpentWithDoorOpen.last30Days)}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={`${t('office.stats.timeOpen')} · ${t('office.stats.last1Year')}`}
            value={formatSeconds(k.timeSpentWithDoorOpen.last1Year)}
          />
        </Col>
      </Row>
      <div style={{ height: 220, marginTop: 16 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={k.reports.map((r) => ({ ...r, day: r.date.slice(5) }))}
            margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
          >
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={axis} stroke={token.colorBorder} interval={4} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            <Tooltip
              contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}` }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="openings"
              name={t('office.stats.openings')}
              fill={token.colorPrimary}
              radius={[3, 3, 0, 0]}
            />
            <Bar
              dataKey="alerts"
              name={t('office.stats.alerts')}
              fill={token.colorError}
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
