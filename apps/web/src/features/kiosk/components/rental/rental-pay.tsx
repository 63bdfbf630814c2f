import { useState } from 'react';
import type { RentalPayment } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import { Keypad } from '../keypad';
import { euros } from './rental-format';

const PHONE_DIGITS = 9;

/**
 * How the customer pays: MB WAY with their phone number (the request goes to the phone's app), or
 * a card at the terminal (the payment provider reads it; the sandbox stands in for it). Nothing to
 * pay (free mode, a whole-price voucher) is one button.
 */
export function RentalPay({
  totalCents,
  depositCents,
  busy,
  onPay,
}: {
  totalCents: number;
  /** What a card holds until the rental ends (0 for an extension, paid at once). */
  depositCents: number;
  busy: boolean;
  onPay: (payment: RentalPayment) => void;
}) {
  const { t, language } = useKioskText();
  const [method, setMethod] = useState<'mbway' | 'creditCard' | null>(null);
  const [phone, setPhone] = useState('');
  const amount = euros(totalCents, language);
  if (totalCents === 0)
    return (
      <button
        type="button"
        className="primary kiosk-wide rental-cta"
        disabled={busy}
        onClick={() => onPay({})}
        data-testid="rental-confirm-free"
      >
        {busy ? t('rental.paying') : t('rental.confirmFree')}
      </button>
    );
  return (
    <fieldset className="rental-group">
      <legend>{t('rental.choosePayment', { amount })}</legend>
      <div className="rental-options">
        {(['mbway', 'creditCard'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={m === method}
            className={m === method ? 'primary' : ''}
            disabled={busy}
            onClick={() => setMethod(m)}
            data-testid={`rental-method-${m}`}
          >
            {t(m === 'mbway' ? 'rental.mbway' : 'rental.card')}
          </button>
        ))}
      </div>
      {method === 'mbway' && (
        <div className="rental-step">
          <p className="kiosk-lead">{t('rental.phone')}</p>
          <Keypad
            value={phone}
            length={PHONE_DIGITS}
            onChange={setPhone}
            onSubmit={() => onPay({ method: 'mbway', phone })}
            busy={busy}
            testId="rental-phone-pad"
          />
        </div>
      )}
      {method === 'creditCard' && (
        <div className="rental-step">
          <p className="kiosk-lead">{t('rental.cardTerminal')}</p>
          {depositCents > 0 && (
            <p className="kiosk-hint" data-testid="rental-card-hold">
              {t('rental.cardHold', { deposit: euros(depositCents, language), amount })}
            </p>
          )}
          <button
            type="button"
            className="primary kiosk-wide rental-cta"
            disabled={busy}
            onClick={() => onPay({ method: 'creditCard' })}
            data-testid="rental-card-pay"
          >
            {busy ? t('rental.paying') : t('rental.cardPay', { amount })}
          </button>
        </div>
      )}
    </fieldset>
  );
}
