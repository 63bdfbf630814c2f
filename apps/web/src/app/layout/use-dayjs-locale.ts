import dayjs from 'dayjs';
import 'dayjs/locale/pt';
import 'dayjs/locale/en-gb';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

/**
 * Dates (pickers, "3 hours ago") follow the interface language. Set from the shell, not from the
 * app's providers: /login shows no dates and should not download dayjs.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? currentLanguage();
  // Regions as LANGUAGE_TAG: British English (DD/MM/YYYY), not dayjs's default US English.
  const wanted = lng === 'pt' ? 'pt' : 'en-gb';
  // During render, not in an effect: the pages below render (and format dates) before any effect
  // of the shell runs. Setting a global to the same value again is harmless.
  if (dayjs.locale() !== wanted) dayjs.locale(wanted);
}
