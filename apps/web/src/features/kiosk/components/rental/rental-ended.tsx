import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useKioskText } from '../../kiosk-text';
import { endWords } from './rental-format';

/** The rental is over: its door is open to collect, and what it cost is said in words. */
export function RentalEnded({ rental, onDone }: { rental: Rental; onDone: () => void }) {
  const { t, language } = useKioskText();
  return (
    <section className="rental-ticket" data-testid="rental-ended">
      <div className="kiosk-door" aria-hidden="true">
        {rental.doorNumber}
      </div>
      <h1>{t('rental.ended', { door: rental.doorNumber })}</h1>
      <div className="rental-words" data-testid="rental-end-words">
        {endWords(rental, language).map((w) => (
          <p key={w.key} className="kiosk-lead">
            {t(w.key, w.values)}
          </p>
        ))}
      </div>
      <p>{t('door.thanks')}</p>
      <button type="button" className="primary kiosk-wide" onClick={onDone} data-testid="kiosk-done">
        {t('done')}
      </button>
    </section>
  );
}
