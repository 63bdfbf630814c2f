import { useState } from 'react';
import { useKioskText } from '../../kiosk-text';

const KEYS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'.split('');
const MAX = 32;

/**
 * A voucher code typed on the screen: letters, digits and dashes only (the codes' alphabet), on
 * large keys since the wall has no keyboard. Applying it asks the server for the new price.
 */
export function RentalVoucher({ applied, onApply }: { applied: string; onApply: (code: string) => void }) {
  const { t } = useKioskText();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  if (applied)
    return (
      <button type="button" className="secondary kiosk-wide" onClick={() => onApply('')}>
        {t('rental.removeVoucher')}
      </button>
    );
  if (!open)
    return (
      <button
        type="button"
        className="secondary kiosk-wide"
        onClick={() => setOpen(true)}
        data-testid="rental-voucher-open"
      >
        {t('rental.voucher')}
      </button>
    );
  const type = (k: string) => setCode((c) => (c.length < MAX ? c + k : c));
  return (
    <div className="rental-voucher">
      <label className="kiosk-form">
        <span>{t('rental.voucherCode')}</span>
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase().slice(0, MAX))}
          autoComplete="off"
          data-testid="rental-voucher-input"
        />
      </label>
      <div className="rental-keys">
        {KEYS.map((k) => (
          <button key={k} type="button" onClick={() => type(k)}>
            {k}
          </button>
        ))}
        <button type="button" className="secondary" onClick={() => setCode((c) => c.slice(0, -1))}>
          ⌫
        </button>
      </div>
      <button
        type="button"
        className="primary kiosk-wide"
        disabled={code.length < 3}
        onClick={() => {
          onApply(code);
          setOpen(false);
          setCode('');
        }}
        data-testid="rental-voucher-apply"
      >
        {t('rental.apply')}
      </button>
    </div>
  );
}
