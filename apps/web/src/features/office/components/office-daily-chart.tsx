import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDayMonth } from '@/lib/format-date';

/**
 * Openings and refusals per day (office dashboard), in its own module so recharts loads after the
 * page (lazy in dashboard-office-page.tsx), not with it.
 */
export function OfficeDailyChart({
  daily,
}: {
  daily: Array<{ date: string; openings: number; denied: number }>;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = { fill: token.colorTextSecondary, fontSize: 11 };
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={daily.map((x) => ({ ...x, day: formatDayMonth(x.date) }))}
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
  );
}
