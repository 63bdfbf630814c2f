import { LANGUAGE_TAG } from './locales';
import { currentLanguage } from './i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as the reader's language writes it (pt-PT "25/11/2026, 14:05"), one format for
 * every list and history that shows when something happened.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const tag = LANGUAGE_TAG[currentLanguage()];
  let fmt = formats.get(tag);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short' });
    formats.set(tag, fmt);
  }
  return fmt.format(new Date(iso));
}
