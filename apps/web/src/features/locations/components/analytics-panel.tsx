import { Alert, Card, Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type { PlaceAnalytics } from '@cacifo/contract/schemas/locations';
import { errorMessage } from '@/lib/api-client';
import { usePlaceAnalytics } from '../api/get-place-analytics';
import { AnalyticsReports, AnalyticsWindows } from './analytics-stats';
import { useAnalyticsCharts } from './use-analytics-charts';

const SIZE_COLOURS = ['#0F766E', '#2563EB', '#D97706', '#7C3AED', '#DB2777'];

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
  const { token, axis, grid, tooltip, openings, byHour, byWeekday, comparison, sizes, delta } =
    useAnalyticsCharts(data);

  return (
    <Row gutter={[16, 16]}>
      <AnalyticsWindows data={data} />
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
        <AnalyticsReports data={data} />
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
