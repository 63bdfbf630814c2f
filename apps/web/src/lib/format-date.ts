import { DATE_TIME_OPTIONS } from '@cacifo/contract/dates';
import { LANGUAGE_TAG } from './locales';
import { currentLanguage } from './i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as the reader's language writes it (pt-PT "25/11/2026, 14:05", four-digit year),
 * one format for every list and history that shows when something happened.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const tag = LANGUAGE_TAG[currentLanguage()];
  let fmt = formats.get(tag);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(tag, DATE_TIME_OPTIONS);
    formats.set(tag, fmt);
  }
  return fmt.format(new Date(iso));
}

/**
 * A calendar day (`YYYY-MM-DD`, as the API carries it) as a chart's axis names it: day then month
 * ("13/11"), never the ISO tail "11-13" that reads as the 11th of the 13th month.
 */
export function formatDayMonth(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${month}` : day;
}
