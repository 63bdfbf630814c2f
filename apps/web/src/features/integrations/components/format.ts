import { LANGUAGE_TAG, isLanguage } from '@/lib/locales';

/** Short date and time in the interface language; a dash for "never". */
export function dateTimeFormatter(language: string) {
  const fmt = new Intl.DateTimeFormat(isLanguage(language) ? LANGUAGE_TAG[language] : 'pt-PT', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (v: string | null | undefined) => (v ? fmt.format(new Date(v)) : '—');
}
