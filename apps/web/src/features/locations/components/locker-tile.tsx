import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { showsOpenOccupied, tileColour, tileInput, timeChip } from '@cacifo/contract/locker-tile';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { useMinuteClock } from './use-clock';

/** SPEC §4: days stored, or hours under a day; green up to 10 days, orange above 10, red above 20. */
function TimeChip({ locker }: { locker: LockerView }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const chip = timeChip(locker, new Date(now));
  if (!chip) return null;
  const text =
    chip.unit === 'days'
      ? t('locations.tile.days', { count: chip.value })
      : t('locations.tile.hours', { count: chip.value });
  return (
    <span
      className={`locker-chip locker-chip-${chip.colour}`}
      data-testid="time-chip"
      data-chip={chip.colour}
    >
      {text}
    </span>
  );
}

interface LockerTileProps {
  locker: LockerView;
  onSelect?: (lockerId: number) => void;
  selected?: boolean;
}

type Translate = TFunction;

/** One locker on its own (the drawer, tests): reads the translator itself. */
export function LockerTile(props: LockerTileProps) {
  const { t } = useTranslation();
  return <LockerTileView {...props} t={t} />;
}

/**
 * One locker (SPEC §2, §4): door number, size, state colour, open-occupied marker and, for a
 * delivery in status 4, the time chip. The grid hands every tile the same `t` rather than 1,000
 * tiles each subscribing to i18next (it changes only with the language). Memoised on the locker
 * object: a realtime update replaces one object in the cached list, so only that tile renders again.
 */
export const LockerTileView = memo(function LockerTileView({
  locker,
  onSelect,
  selected,
  t,
}: LockerTileProps & { t: Translate }) {
  const input = tileInput(locker);
  const colour = tileColour(input);
  const openOccupied = showsOpenOccupied(input);
  const state = t(`locations.tile.state.${colour}`);
  const label = t('locations.tile.label', { door: locker.doorNumber, size: locker.size, state });
  return (
    <button
      type="button"
      className={`locker-tile locker-tile-${colour}${selected ? ' locker-tile-selected' : ''}`}
      data-testid={`locker-tile-${locker.doorNumber}`}
      data-colour={colour}
      data-door-status={locker.doorStatus}
      aria-pressed={selected}
      title={label}
      onClick={onSelect ? () => onSelect(locker.id) : undefined}
      disabled={!onSelect}
    >
      <span className="locker-tile-top">
        {/* The name is the tile's own text with its words of context for screen readers: a speech
            user says what they see ("1 S Livre"), which an aria-label reworded would not match. */}
        <span className="locker-tile-door">
          <span className="sr-only">{t('locations.tile.door')} </span>
          {locker.doorNumber}
        </span>
        <span className="locker-tile-size">
          <span className="sr-only">{t('locations.tile.size')} </span>
          {locker.size}
        </span>
      </span>
      <span className="locker-tile-state">{state}</span>
      <span className="locker-tile-bottom">
        {openOccupied && (
          <span
            className="locker-marker"
            data-testid="open-occupied"
            title={t('locations.tile.openOccupied')}
          >
            <span aria-hidden="true" />
            <span className="sr-only">{t('locations.tile.openOccupied')}</span>
          </span>
        )}
        {locker.accessibility && (
          <span className="locker-access" title={t('locations.tile.accessibility')} aria-hidden="true">
            ♿
          </span>
        )}
        {/* Only a stored delivery has a chip; the rest skip the clock subscription. */}
        {timeChip(locker) && <TimeChip locker={locker} />}
      </span>
    </button>
  );
});
