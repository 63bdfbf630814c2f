import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TileColour } from '@cacifo/contract/locker-tile';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { LockerTileView } from './locker-tile';
import './locker-grid.css';

interface LockerGridProps {
  lockers: readonly LockerView[];
  onSelect?: (lockerId: number) => void;
  selectedId?: number | null;
  variant?: 'normal' | 'wall';
}

/**
 * The locker grid: plain buttons in a CSS grid (no per-tile antd components, no per-tile i18next
 * subscription), so 1,000 tiles stay cheap; `onSelect` must be stable for the tiles' memo to hold.
 */
export function LockerGrid({ lockers, onSelect, selectedId, variant = 'normal' }: LockerGridProps) {
  const { t } = useTranslation();
  const sorted = useMemo(() => [...lockers].sort((a, b) => a.doorNumber - b.doorNumber), [lockers]);
  if (sorted.length === 0) return <Empty description={t('locations.grid.empty')} />;
  return (
    <div className={`locker-grid locker-grid-${variant}`} role="list" data-testid="locker-grid">
      {sorted.map((l) => (
        <div role="listitem" key={l.id} className="locker-grid-cell">
          <LockerTileView locker={l} onSelect={onSelect} selected={selectedId === l.id} t={t} />
        </div>
      ))}
    </div>
  );
}

const LEGEND: TileColour[] = [
  'available',
  'reserved',
  'occupied',
  'open',
  'alert',
  'disabled',
  'cleaning',
  'offline',
];

/** Colour key of the grid; counts come from the same rule the tiles use. */
export function LockerLegend({ counts }: { counts?: Partial<Record<TileColour, number>> }) {
  const { t } = useTranslation();
  return (
    <ul className="locker-legend" aria-label={t('locations.grid.legend')}>
      {LEGEND.map((c) => (
        <li key={c}>
          <span className={`locker-legend-swatch locker-tile-${c}`} aria-hidden="true" />
          {t(`locations.tile.state.${c}`)}
          {counts && <span className="locker-legend-count">{counts[c] ?? 0}</span>}
        </li>
      ))}
      <li>
        <span className="locker-marker locker-marker-legend" aria-hidden="true">
          <span />
        </span>
        {t('locations.tile.openOccupied')}
      </li>
    </ul>
  );
}
