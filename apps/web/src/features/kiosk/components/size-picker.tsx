import { lockerSize } from '@cacifo/contract/codes/locker';
import type { SizeCounts } from '@cacifo/contract/schemas/order-replies';
import { useKioskText } from '../kiosk-text';

/** The four locker sizes as large buttons, each with how many are free here; a size with none is off. */
export function SizePicker({
  free,
  busy,
  onPick,
}: {
  free: SizeCounts;
  busy: boolean;
  onPick: (size: string) => void;
}) {
  const { t } = useKioskText();
  return (
    <>
      <p className="kiosk-lead">{t('deposit.chooseSize')}</p>
      <div className="kiosk-sizes">
        {lockerSize.values.map((s) => {
          const count = free[s];
          return (
            <button
              key={s}
              type="button"
              disabled={count === 0 || busy}
              onClick={() => onPick(s)}
              data-testid={`kiosk-size-${s}`}
            >
              <strong>{s}</strong>
              <span>{count ? t('deposit.free', { count }) : t('deposit.none')}</span>
            </button>
          );
        })}
      </div>
    </>
  );
}
