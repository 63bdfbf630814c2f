import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PlaceAnalytics } from '@cacifo/contract/schemas/locations';
import { errorMessage } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { LANGUAGE_TAG } from '@/lib/locales';
import { usePlaceAnalytics } from '../api/get-place-analytics';

const WINDOWS = ['last15Days', 'last30Days', 'last1Year'] as const;
const SIZE_COLOURS = ['#0F766E', '#2563EB', '#D97706', '#7C3AED', '#DB2777'];

function weekdayNames(): string[] {
  const fmt = new Intl.DateTimeFormat(LANGUAGE_TAG[currentLanguage()], { weekday: 'short' });
  // 2023-01-01 was a Sunday, matching byWeekday's 0 = Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + i, 12))));
}

function ChartCard({
  title,
  children,
  height = 240,
}: {
  title: string;
  children: React.ReactElement;
  height?: number;
}) {
  return (
    <Card title={title} size="small" className="analytics-card">
      <div style={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function Charts({ data }: { data: PlaceAnalytics }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = { stroke: token.colorTextSecondary, fontSize: 12 };
  const grid = <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />;
  const tooltip = (
    <Tooltip
      contentStyle={{
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 8,
      }}
      labelStyle={{ color: token.colorText }}
      itemStyle={{ color: token.colorText }}
      cursor={{ fill: token.colorFillTertiary }}
    />
  );
  const openings = t('locations.analytics.openings');
  const byHour = data.doorOpeningsDistribution.byHour.map((v, h) => ({ label: `${h}h`, value: v }));
  const names = weekdayNames();
  const byWeekday = data.doorOpeningsDistribution.byWeekday.map((v, d) => ({ label: names[d], value: v }));
  const comparison = data.comparison.current.map((v, i) => ({
    day: i + 1,
    current: v,
    previous: data.comparison.previous[i] ?? 0,
  }));
  const sizes = Object.entries(data.lockers.bySize)
    .filter(([, n]) => n > 0)
    .map(([size, n]) => ({ name: size, value: n }));
  const delta = data.comparison.previousTotal
    ? Math.round(
        ((data.comparison.currentTotal - data.comparison.previousTotal) / data.comparison.previousTotal) *
          100,
      )
    : null;

  return (
    <Row gutter={[16, 16]}>
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
      <Col xs={24} xl={16}>
        <ChartCard
          title={`${t('locations.analytics.comparison')} · ${data.comparison.currentTotal} / ${data.comparison.previousTotal}${
            delta === null ? '' : ` (${delta > 0 ? '+' : ''}${delta}%)`
          }`}
        >
          <LineChart data={comparison} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
            {grid}
            <XAxis dataKey="day" tick={axis} stroke={token.colorBorder} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              type="linear"
              dataKey="current"
              name={t('locations.analytics.last30')}
              stroke={token.colorPrimary}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="linear"
              dataKey="previous"
              name={t('locations.analytics.previous30')}
              stroke={token.colorTextQuaternary}
              strokeDasharray="4 4"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard title={t('locations.analytics.lockersBySize')}>
          {sizes.length ? (
            <PieChart margin={{ top: 16, bottom: 4 }}>
              <Pie
                data={sizes}
                dataKey="value"
                nameKey="name"
                innerRadius="50%"
                outerRadius="72%"
                isAnimationActive={false}
                label
              >
                {sizes.map((s, i) => (
                  <Cell
                    key={s.name}
                    fill={SIZE_COLOURS[i % SIZE_COLOURS.length]}
                    stroke={token.colorBgContainer}
                  />
                ))}
              </Pie>
              {tooltip}
              <Legend wrapperStyle={{ fontSize: 12 }} />
            </PieChart>
          ) : (
            <Empty />
          )}
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('locations.analytics.byHour')}>
          <BarChart data={byHour} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            {grid}
            <XAxis dataKey="label" tick={axis} stroke={token.colorBorder} interval={2} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            {tooltip}
            <Bar
              dataKey="value"
              name={openings}
              fill={token.colorPrimary}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('locations.analytics.byWeekday')}>
          <BarChart data={byWeekday} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            {grid}
            <XAxis dataKey="label" tick={axis} stroke={token.colorBorder} />
            <YAxis allowDecimals={false} tick={axis} stroke={token.colorBorder} />
            {tooltip}
            <Bar
              dataKey="value"
              name={openings}
              fill="#D97706"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title={t('locations.analytics.topUsers')} height={300}>
          {data.doorOpeningsPerUser.length ? (
            <BarChart
              data={data.doorOpeningsPerUser}
              layout="vertical"
              margin={{ top: 0, right: 16, left: 8, bottom: 0 }}
            >
              {grid}
              <XAxis type="number" allowDecimals={false} tick={axis} stroke={token.colorBorder} />
              <YAxis type="category" dataKey="name" width={120} tick={axis} stroke={token.colorBorder} />
              {tooltip}
              <Bar
                dataKey="openings"
                name={openings}
                fill={token.colorPrimary}
                radius={[0, 4, 4, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          ) : (
            <Empty description={t('locations.analytics.noUsers')} />
          )}
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
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
                value={
                  data.lockers.total ? Math.round((data.lockers.occupied / data.lockers.total) * 100) : 0
                }
                suffix="%"
              />
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}

/** Location analytics (SPEC §3), computed by the server from recorded door events. */
export function AnalyticsPanel({ placeId }: { placeId: number }) {
  const analytics = usePlaceAnalytics(placeId);
  if (analytics.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (analytics.isError) return <Alert type="error" showIcon title={errorMessage(analytics.error)} />;
  if (!analytics.data) return null;
  return <Charts data={analytics.data} />;
}
