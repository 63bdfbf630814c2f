import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaceView } from '@cacifo/contract/schemas/locations';

/** Share of lockers in use; disabled and offline lockers are not counted as free capacity. */
function occupancyPercent(p: Pick<PlaceView, 'lockers' | 'occupied'>): number {
  return p.lockers ? Math.round((p.occupied / p.lockers) * 100) : 0;
}

export function OccupancyBar({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const pct = occupancyPercent(place);
  return (
    <Progress
      percent={pct}
      aria-label={t('common.occupancyOf', { place: place.name })}
      size="small"
      strokeColor={pct >= 90 ? '#C62828' : pct >= 70 ? '#D97706' : '#0F766E'}
      style={{ minWidth: 120, marginBottom: 0 }}
    />
  );
}
