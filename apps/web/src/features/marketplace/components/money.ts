import { DATE_TIME_OPTIONS } from '@cacifo/contract/dates';
import { currentLanguage } from '@/lib/i18n';
import { LANGUAGE_TAG } from '@/lib/locales';

/** Cents to a euro text in the current language (money travels as integer cents). */
export function euros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  return new Intl.NumberFormat(LANGUAGE_TAG[currentLanguage()], {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** Euros typed in a form to integer cents, rounded to the cent. */
export function toCents(value: number | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : Math.round(value * 100);
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(LANGUAGE_TAG[currentLanguage()], DATE_TIME_OPTIONS).format(new Date(iso));
}
