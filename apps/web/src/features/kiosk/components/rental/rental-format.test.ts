import { describe, expect, it } from 'vitest';
import type { Rental, Transaction } from '@cacifo/contract/schemas/marketplace';
import { ApiError } from '@/lib/api-client';
import { kioskT } from '../../kiosk-text';
import { endWords, euros, paymentState, rentalError } from './rental-format';

const tx = (t: Partial<Transaction>): Transaction =>
  ({
    id: 1,
    kind: 'rental',
    status: 'paid',
    method: 'creditCard',
    totalCostCents: 500,
    depositCents: 2000,
    chargedCents: 500,
    ...t,
  }) as Transaction;
const rental = (...transactions: Transaction[]) => ({ transactions }) as Rental;
/** The sentences the end screen says, in a language. */
const said = (r: Rental, lng: 'pt' | 'en') => endWords(r, lng).map((w) => kioskT(lng)(w.key, w.values));

/** Issue #33: what ending a rental cost is said in words, in the visitor's language. */
describe('the marketplace wall says what a rental cost', () => {
  it('a card: the charge and the rest of the hold released', () => {
    expect(said(rental(tx({})), 'en')).toEqual([
      'You were charged €5.00.',
      'The rest of the hold, €15.00, is released on your card.',
    ]);
    expect(said(rental(tx({})), 'pt')).toEqual([
      `Foi cobrado ${euros(500, 'pt')}.`,
      `O restante da caução, ${euros(1500, 'pt')}, é libertado no seu cartão.`,
    ]);
  });

  it('a card past paid time and tolerance: the deposit kept', () => {
    const captive = rental(tx({ status: 'captive', chargedCents: 2000 }));
    expect(said(captive, 'en')).toEqual([
      'The paid time and the tolerance are over: the deposit of €20.00 was kept.',
    ]);
  });

  it('MB WAY paid at once: nothing more; free mode: free', () => {
    expect(said(rental(tx({ method: 'mbway', depositCents: 0 })), 'en')).toEqual(['Nothing more to pay.']);
    expect(said(rental(tx({ method: null, totalCostCents: 0, chargedCents: 0 })), 'pt')).toEqual([
      'Este aluguer foi gratuito.',
    ]);
  });

  it('a payment waits, is done, or is lost in words', () => {
    expect(paymentState(tx({ status: 'pending' }))).toBe('waiting');
    expect(paymentState(tx({ status: 'processing' }))).toBe('done');
    expect(paymentState(tx({ status: 'error' }))).toEqual({ key: 'errors.paymentFailed' });
    expect(paymentState(tx({ status: 'expired' }))).toEqual({ key: 'errors.paymentExpired' });
    expect(kioskT('en')(rentalError(new ApiError('paymentFailed', 422)).key)).toBe(
      'The payment was refused. Nothing was charged.',
    );
    expect(kioskT('pt')(rentalError(new ApiError('wrongPin', 422)).key)).toBe(
      'PIN errado. Verifique e tente de novo.',
    );
  });
});
