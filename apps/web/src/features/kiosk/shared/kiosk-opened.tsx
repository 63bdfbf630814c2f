import { useEffect, useState } from 'react';
import { doorsOpened, useKioskText } from '../kiosk-text';

/** The door-open screen stays this long, counting down, unless the person presses Done. */
const OPENED_S = 20;

/**
 * "Door 7 is open": the doors a task opened, very large, what to do now, and a countdown back to the
 * start; laid out for the whole height of a portrait wall so it reads from a step away.
 */
export function KioskOpened({
  doors,
  step,
  onDone,
  more,
}: {
  doors: readonly number[];
  /** What the person does now, a kiosk text key taking `count` (e.g. 'door.putParcel'). */
  step: string;
  onDone: () => void;
  /** A second way on, above Done (a carrier's courier: "Deposit another parcel"). */
  more?: { label: string; onMore: () => void };
}) {
  const { t } = useKioskText();
  const [seconds, setSeconds] = useState(OPENED_S);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => (s <= 1 ? 0 : s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) onDone();
  }, [seconds, onDone]);
  return (
    <section className="kiosk-opened" data-testid="kiosk-opened">
      <div className="kiosk-doors">
        {doors.map((d) => (
          <div key={d} className="kiosk-door" data-testid="kiosk-door">
            {d}
          </div>
        ))}
      </div>
      <h1>{doorsOpened(t, doors)}</h1>
      <p className="kiosk-lead">{t(step, { count: doors.length })}</p>
      <p className="kiosk-thanks">{t('door.thanks')}</p>
      <div className="kiosk-foot">
        <p className="kiosk-hint">{t('door.returning', { seconds })}</p>
        {more && (
          <button type="button" className="kiosk-wide" onClick={more.onMore} data-testid="kiosk-more">
            {more.label}
          </button>
        )}
        <button type="button" className="kiosk-wide primary" onClick={onDone} data-testid="kiosk-done">
          {t('done')}
        </button>
      </div>
    </section>
  );
}
