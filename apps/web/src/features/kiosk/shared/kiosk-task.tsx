import type { ReactNode } from 'react';
import { useKioskText } from '../kiosk-text';
import type { KioskError } from '../components/kiosk-error';

/** What the kiosk page gives each task's screen. */
export interface KioskTaskScreenProps {
  /** The place this screen is installed at. */
  placeId: number;
  /** Every door the task opened: the page shows the door-open screen. */
  onOpened: (doors: number[]) => void;
  /** Back to the start (the back button; the 30 s idle does it by itself). */
  onHome: () => void;
}

/**
 * A task's screen (pickup, deposit, returns, …): the title on top, its steps filling the portrait
 * height, and the large Back button at its foot.
 */
export function KioskPanel({
  title,
  testId,
  onHome,
  children,
}: {
  title: string;
  testId: string;
  onHome: () => void;
  children: ReactNode;
}) {
  const { t } = useKioskText();
  return (
    <section className="kiosk-panel" data-testid={testId}>
      <h1>{t(title)}</h1>
      <div className="kiosk-steps">{children}</div>
      <div className="kiosk-foot">
        <button type="button" className="kiosk-wide secondary" onClick={onHome} data-testid="kiosk-back">
          {t('back')}
        </button>
      </div>
    </section>
  );
}

/** A refusal said in the visitor's language (kioskError), or nothing. */
export function KioskAlert({ error }: { error: KioskError | null }) {
  const { t } = useKioskText();
  if (!error) return null;
  return (
    <p className="kiosk-error" role="alert" data-testid="kiosk-error">
      {error.text ?? t(error.key, error.values)}
    </p>
  );
}
