import { useState } from 'react';
import { useKioskText } from '../../kiosk-text';

const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789@.-_+'.split('');
const MAX = 254;
/** The usual shape of an address; the server checks it again (contract emailSchema). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Optional: an address to receive the PIN and QR by e-mail once the payment is approved
 * (docs/adr/0221), typed on large keys since the wall has no keyboard.
 */
export function RentalEmail({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useKioskText();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  if (email)
    return (
      <div className="rental-step">
        <p className="kiosk-info" data-testid="rental-email-set">
          {t('rental.emailSet', { email })}
        </p>
        <button type="button" className="secondary kiosk-wide" onClick={() => onEmail('')}>
          {t('rental.emailRemove')}
        </button>
      </div>
    );
  if (!open)
    return (
      <button
        type="button"
        className="secondary kiosk-wide"
        onClick={() => setOpen(true)}
        data-testid="rental-email-open"
      >
        {t('rental.emailOpen')}
      </button>
    );
  const type = (k: string) => setText((c) => (c.length < MAX ? c + k : c));
  return (
    <div className="rental-voucher">
      <label className="kiosk-form">
        <span>{t('rental.email')}</span>
        <input
          type="email"
          value={text}
          onChange={(e) => setText(e.target.value.trim().slice(0, MAX))}
          autoComplete="off"
          aria-invalid={invalid}
          data-testid="rental-email-input"
        />
      </label>
      {invalid && (
        <p className="kiosk-error" role="alert" data-testid="rental-email-invalid">
          {t('rental.emailInvalid')}
        </p>
      )}
      <div className="rental-keys">
        {KEYS.map((k) => (
          <button key={k} type="button" onClick={() => type(k)}>
            {k}
          </button>
        ))}
        <button type="button" className="secondary" onClick={() => setText((c) => c.slice(0, -1))}>
          ⌫
        </button>
      </div>
      <button
        type="button"
        className="primary kiosk-wide"
        disabled={text.length < 3}
        onClick={() => {
          if (!EMAIL.test(text)) return setInvalid(true);
          setInvalid(false);
          onEmail(text);
          setOpen(false);
        }}
        data-testid="rental-email-use"
      >
        {t('rental.emailUse')}
      </button>
    </div>
  );
}
