import type { TOptions } from 'i18next';
import type { Rental, Transaction } from '@cacifo/contract/schemas/marketplace';
import { ApiError } from '@/lib/api-client';
import { kioskError, type KioskError } from '../kiosk-error';

const LOCALE: Record<string, string> = { pt: 'pt-PT', en: 'en-GB', es: 'es-ES', fr: 'fr-FR' };

/** Money as the visitor's language writes euros ("4,50 €", "€4.50"). */
export const euros = (cents: number, language: string) =>
  new Intl.NumberFormat(LOCALE[language] ?? 'pt-PT', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

/** When a rental ends, at the wall's clock (Lisbon): the time, with the day when it is not today. */
export function endTime(iso: string | null, language: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  const sameDay = at.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(LOCALE[language] ?? 'pt-PT', {
    timeZone: 'Europe/Lisbon',
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
  }).format(at);
}

/** Refusals of the rental calls the customer can act on, each said in words. */
const RENTAL_REFUSALS = [
  'paymentFailed',
  'paymentExpired',
  'marketplaceClosed',
  'voucherInvalid',
  'rentalNotActive',
  'priceNotExist',
];

/** The kiosk's sentence for a failed rental call (a wrong PIN is the rental's, not an SMS code). */
export function rentalError(e: unknown): KioskError {
  const code = e instanceof ApiError ? e.code : '';
  if (RENTAL_REFUSALS.includes(code)) return { key: `errors.${code}` };
  if (code === 'wrongPin' || code === 'invalidInput') return { key: 'errors.wrongRentalPin' };
  return kioskError(e, 'wrongPin');
}

/** How a payment stands: still waiting for the customer, done, or lost (refused, expired, dropped). */
export function paymentState(t: Transaction | undefined): 'waiting' | 'done' | KioskError {
  if (!t || t.status === 'pending') return 'waiting';
  if (t.status === 'error') return { key: 'errors.paymentFailed' };
  if (t.status === 'expired') return { key: 'errors.paymentExpired' };
  if (t.status === 'canceled') return { key: 'errors.paymentCanceled' };
  return 'done';
}

/** The newest transaction of a rental (the one an extension just added). */
export const latestTransaction = (r: Rental): Transaction | undefined =>
  [...r.transactions].sort((a, b) => b.id - a.id)[0];

/** What ending a rental cost, in words: the charge, the hold released or kept, or nothing more. */
export function endWords(r: Rental, language: string): { key: string; values?: TOptions }[] {
  const main = r.transactions.find((t) => t.kind === 'rental');
  if (r.transactions.every((t) => t.totalCostCents === 0)) return [{ key: 'rental.freeEnded' }];
  if (!main || main.method !== 'creditCard') return [{ key: 'rental.nothingMore' }];
  const amount = (c: number) => ({ amount: euros(c, language) });
  if (main.status === 'captive') return [{ key: 'rental.captive', values: amount(main.chargedCents) }];
  const words = [{ key: 'rental.charged', values: amount(main.chargedCents) }];
  const released = main.depositCents - main.chargedCents;
  if (released > 0) words.push({ key: 'rental.released', values: amount(released) });
  return words;
}
