import { DATE_TIME_OPTIONS, type ContentLanguage } from '@cacifo/contract';

// How a recipient reads a date and a list in their language: the messages, the pickup page and the
// printed slip say them alike (a lower module, so orders and notifications both use it).
const LOCALES: Record<ContentLanguage, string> = { pt: 'pt-PT', en: 'en-GB', es: 'es-ES', fr: 'fr-FR' };

/** Items joined as the recipient's language joins a list: "A e B", "A, B and C". */
export function formatList(items: readonly string[], language: ContentLanguage): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(items);
}

/** An instant as a recipient reads it: their language, the service's time zone, to the minute. */
export function formatInstant(iso: string | null, language: ContentLanguage, timeZone: string): string {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat(LOCALES[language], { ...DATE_TIME_OPTIONS, timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat(LOCALES[language], DATE_TIME_OPTIONS).format(new Date(iso));
  }
}
