import type { z } from 'zod';
import type { kioskQuoteReplySchema } from '@cacifo/contract/schemas/marketplace';
import { useKioskText } from '../../kiosk-text';
import { euros } from './rental-format';

export type RentalQuote = z.infer<typeof kioskQuoteReplySchema>;

/** The price said in full before paying: list price, voucher, total with VAT and its VAT, deposit. */
export function RentalPrice({
  quote,
  voucherCode,
  deposit,
}: {
  quote: RentalQuote;
  voucherCode: string;
  /** The card's hold, shown once card is the method (or before a method is chosen). */
  deposit: boolean;
}) {
  const { t, language } = useKioskText();
  const money = (c: number) => euros(c, language);
  if (quote.totalCostCents === 0 && quote.discountCents === 0)
    return (
      <p className="rental-total" data-testid="rental-total">
        {t('rental.freeOfCharge')}
      </p>
    );
  return (
    <>
      <dl className="rental-price" data-testid="rental-price">
        <div>
          <dt>{t('rental.price')}</dt>
          <dd>{money(quote.amountCents)}</dd>
        </div>
        {quote.discountCents > 0 && (
          <div>
            <dt>{t('rental.discount', { code: voucherCode })}</dt>
            <dd data-testid="rental-discount">−{money(quote.discountCents)}</dd>
          </div>
        )}
        <div className="rental-total">
          <dt>{t('rental.total')}</dt>
          <dd data-testid="rental-total">{money(quote.totalCostCents)}</dd>
        </div>
        <div className="rental-iva">
          <dt>{t('rental.iva', { percent: quote.ivaPercent })}</dt>
          <dd>{money(quote.ivaCents)}</dd>
        </div>
      </dl>
      {deposit && quote.depositCents > 0 && quote.totalCostCents > 0 && (
        <p className="kiosk-hint" data-testid="rental-deposit">
          {t('rental.deposit', { amount: money(quote.depositCents) })}
        </p>
      )}
    </>
  );
}
