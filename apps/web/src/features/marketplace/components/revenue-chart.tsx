import { theme } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { euros } from './money';
import { formatDayMonth } from '@/lib/format-date';

/** Revenue per day over the last 30 days (bars in euros). */
export function RevenueChart({ daily }: { daily: Array<{ date: string; cents: number }> }) {
  const { token } = theme.useToken();
  const data = daily.map((d) => ({
    day: formatDayMonth(d.date),
    euros: d.cents / 100,
  }));
  return (
    <div style={{ width: '100%', height: 240 }} data-testid="revenue-chart">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11, fill: token.colorTextSecondary }} interval={2} />
          <YAxis tick={{ fontSize: 11, fill: token.colorTextSecondary }} width={48} />
          <Tooltip formatter={(v) => euros(Math.round(Number(v) * 100))} />
          <Bar dataKey="euros" fill={token.colorPrimary} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
