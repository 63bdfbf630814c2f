import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Tooltip } from 'recharts';
import type { PlaceAnalytics } from '@cacifo/contract/schemas/locations';
import { currentLanguage } from '@/lib/i18n';
import { LANGUAGE_TAG } from '@/lib/locales';

function weekdayNames(): string[] {
  const fmt = new Intl.DateTimeFormat(LANGUAGE_TAG[currentLanguage()], { weekday: 'short' });
  // 2023-01-01 was a Sunday, matching byWeekday's 0 = Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + i, 12))));
}

/** The analytics charts' series (from the server's figures) and the theme's axis, grid and tooltip. */
export function useAnalyticsCharts(data: PlaceAnalytics) {
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
  return { token, axis, grid, tooltip, openings, byHour, byWeekday, comparison, sizes, delta };
}
