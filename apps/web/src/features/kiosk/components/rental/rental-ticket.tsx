import { useEffect, useRef } from 'react';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useOpenRental } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import { endTime, rentalError } from './rental-format';
import { RentalQr } from './rental-qr';

/**
 * The rental is paid: its PIN and QR (said once, here), and its door opens for the customer to put
 * their things in. The door is opened once, when this shows.
 */
export function RentalTicket({
  rental,
  pin,
  qrCode,
  onDone,
}: {
  rental: Rental;
  pin: string;
  qrCode: string;
  onDone: () => void;
}) {
  const { t, language } = useKioskText();
  const open = useOpenRental();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    open.mutate(rental.id);
  }, [open, rental.id]);
  const error = open.isError ? rentalError(open.error) : null;
  return (
    <section className="rental-ticket" data-testid="rental-ticket">
      <div className="kiosk-door" aria-hidden="true">
        {rental.doorNumber}
      </div>
      {open.isPending && <p className="kiosk-info">{t('opening')}</p>}
      {open.isSuccess && (
        <h1 data-testid="rental-door-open">{t('rental.doorOpen', { door: rental.doorNumber })}</h1>
      )}
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      <div className="rental-codes">
        <div>
          <h2>{t('rental.yourPin')}</h2>
          <p className="rental-pin" data-testid="rental-pin">
            {pin}
          </p>
        </div>
        <RentalQr value={qrCode} label={t('rental.yourPin')} />
      </div>
      <p className="kiosk-lead">{t('rental.keepPin')}</p>
      <p className="kiosk-lead" data-testid="rental-until">
        {t('rental.until', { time: endTime(rental.endsAt, language) })}
      </p>
      <button type="button" className="primary kiosk-wide" onClick={onDone} data-testid="kiosk-done">
        {t('done')}
      </button>
    </section>
  );
}
