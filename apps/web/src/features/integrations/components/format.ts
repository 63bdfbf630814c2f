import { DATE_TIME_OPTIONS } from '@cacifo/contract/dates';
import { LANGUAGE_TAG, isLanguage } from '@/lib/locales';

/** Short date and time in the interface language; a dash for "never". */
export function dateTimeFormatter(language: string) {
  const fmt = new Intl.DateTimeFormat(
    isLanguage(language) ? LANGUAGE_TAG[language] : 'pt-PT',
    DATE_TIME_OPTIONS,
  );
  return (v: string | null | undefined) => (v ? fmt.format(new Date(v)) : '—');
}
