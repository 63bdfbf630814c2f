import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DeliveryAnalytics } from '@cacifo/contract/schemas/orders';
import { formatDayMonth } from '@/lib/format-date';

/**
 * The delivery analytics charts, in their own module so recharts loads after the page (lazy in
 * delivery-analytics-page.tsx), not with it.
 */
export function PerDayChart({ perDay }: { perDay: DeliveryAnalytics['perDay'] }) {
  const { t } = useTranslation();
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={perDay}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDayMonth} minTickGap={16} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="created" name={t('orders.analytics.created')} fill="#1677ff" />
        <Bar dataKey="stored" name={t('orders.analytics.stored')} fill="#faad14" />
        <Bar dataKey="delivered" name={t('orders.analytics.delivered')} fill="#52c41a" />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function BySizeChart({ sizes }: { sizes: Array<{ size: string; orders: number }> }) {
  const { t } = useTranslation();
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={sizes}>
        <XAxis dataKey="size" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="orders" fill="#1677ff" name={t('orders.analytics.created')} />
      </BarChart>
    </ResponsiveContainer>
  );
}
