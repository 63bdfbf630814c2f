import type { Locale } from 'antd/es/locale';
import type { Language } from './locales';

/**
 * The date pickers write dates as the language's region does (docs/adr/0062: pt-PT and en-GB, day
 * before month, 24-hour clock), not antd's ISO default (2026-11-25): 25/11/2026, 25/11/2026 14:05.
 * The empty field says the format to type. What the lists and the API carry stays ISO.
 */
const FIELD_FORMATS = {
  fieldDateFormat: 'DD/MM/YYYY',
  fieldDateTimeFormat: 'DD/MM/YYYY HH:mm',
  fieldMonthFormat: 'MM/YYYY',
} as const;
const HINT: Record<Language, string> = { pt: 'dd/mm/aaaa', en: 'dd/mm/yyyy' };

/** antd's locale with day-first field formats and format hints for every DatePicker and RangePicker. */
export function withRegionalDates(locale: Locale, language: Language): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const hint = HINT[language];
  return {
    ...locale,
    DatePicker: {
      ...picker,
      lang: { ...picker.lang, ...FIELD_FORMATS, placeholder: hint, rangePlaceholder: [hint, hint] },
    },
  };
}
