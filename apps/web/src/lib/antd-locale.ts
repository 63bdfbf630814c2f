import type { Locale } from 'antd/es/locale';
// The ES builds: `antd/locale/*` resolves to the CommonJS copies, a second set beside the one antd uses.
import ptPT from 'antd/es/locale/pt_PT';
import enGB from 'antd/es/locale/en_GB';
import type { Language } from './locales';
import { withRegionalDates } from './picker-locale';

const BASE: Record<Language, Locale> = {
  pt: withRegionalDates(ptPT, 'pt'),
  en: withRegionalDates(enGB, 'en'),
};

/**
 * antd's locale for a language, with the page-size select named in our own words: the pt_PT
 * pagination texts antd takes from @rc-component/pagination name it in Romanian ("mărimea
 * paginii"), which a screen reader then read on every list (issue #22). `pageSize` is the
 * translated name (`list.pageSize`); build once per language, a new object re-renders every picker.
 */
export function antdLocale(language: Language, pageSize: string): Locale {
  const base = BASE[language];
  return { ...base, Pagination: { ...base.Pagination, page_size: pageSize } };
}
