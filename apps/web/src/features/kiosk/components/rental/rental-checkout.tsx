import { useState } from 'react';
import type { PricePack } from '@cacifo/contract/schemas/marketplace';
import { useRentalQuote, type RentalPayment } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import type { KioskError } from '../kiosk-error';
import { usePackLabel } from './rental-pack-button';
import { RentalEmail } from './rental-email';
import { RentalPay } from './rental-pay';
import { RentalPrice, type RentalQuote } from './rental-price';
import { RentalVoucher } from './rental-voucher';
import { rentalError } from './rental-format';

export interface RentalOrder {
  payment: RentalPayment;
  voucherCode: string;
  /** Where the PIN and QR also go (renting only; empty for none). */
  email: string;
  quote: RentalQuote;
}

/**
 * The price of the chosen pack as the server quotes it now, a voucher to apply, and the payment.
 * Used to rent (a card holds the deposit) and to extend (paid at once, no deposit).
 */
export function RentalCheckout({
  pack,
  size,
  withDeposit,
  askEmail = false,
  busy,
  error,
  onPay,
}: {
  pack: PricePack;
  size?: string;
  withDeposit: boolean;
  /** Offer sending the PIN and QR by e-mail (a new rental, not an extension). */
  askEmail?: boolean;
  busy: boolean;
  error: KioskError | null;
  onPay: (order: RentalOrder) => void;
}) {
  const { t } = useKioskText();
  const label = usePackLabel()(pack);
  const [voucherCode, setVoucherCode] = useState('');
  const [email, setEmail] = useState('');
  const quote = useRentalQuote(pack.id, voucherCode);
  const shown = quote.isError ? rentalError(quote.error) : error;
  return (
    <>
      <div className="rental-summary" data-testid="rental-summary">
        <strong>{label.hours}</strong>
        {label.name && <span>{label.name}</span>}
        {size && <span>{t('rental.sizeLabel', { size })}</span>}
      </div>
      {shown && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(shown.key, shown.values)}
        </p>
      )}
      {quote.data && <RentalPrice quote={quote.data} voucherCode={voucherCode} deposit={withDeposit} />}
      {!quote.data && quote.isPending && <p className="kiosk-info">…</p>}
      {quote.data && quote.data.amountCents > 0 && (
        <RentalVoucher applied={quote.isError ? '' : voucherCode} onApply={(code) => setVoucherCode(code)} />
      )}
      {quote.isError && voucherCode && (
        <button type="button" className="secondary kiosk-wide" onClick={() => setVoucherCode('')}>
          {t('rental.removeVoucher')}
        </button>
      )}
      {askEmail && quote.data && !quote.isError && <RentalEmail email={email} onEmail={setEmail} />}
      {quote.data && !quote.isError && (
        <RentalPay
          totalCents={quote.data.totalCostCents}
          depositCents={withDeposit ? quote.data.depositCents : 0}
          busy={busy}
          onPay={(payment) => onPay({ payment, voucherCode, email, quote: quote.data })}
        />
      )}
    </>
  );
}
