import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const STATUS_FILL: Record<number, string> = {
  1: '#bfbfbf',
  2: '#69b1ff',
  3: '#faad14',
  4: '#52c41a',
  5: '#fa8c16',
  6: '#1677ff',
  7: '#8c8c8c',
};

/**
 * Assets per status (the assets dashboard), in its own module so recharts loads after the page
 * (lazy in dashboard-assets-page.tsx), not with it.
 */
export function AssetsStatusChart({
  byStatus,
}: {
  byStatus: Array<{ status: number; label: string; count: number }>;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={byStatus} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="count" name={t('assets.dashboard.assets')}>
          {byStatus.map((d) => (
            <Cell key={d.status} fill={STATUS_FILL[d.status]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
