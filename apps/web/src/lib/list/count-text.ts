import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A counted noun through i18next's plural rules ("1 encomenda", "2 encomendas"), the number
 * formatted for the language ("10 000" in pt, "10,000" in en) and marked as a lower bound when the
 * server stopped counting ("10 000+ encomendas"). The key has `_one` and `_other` forms and puts
 * the number where `{{n}}` stands.
 */
export function useCountText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (key: string, count: number, lowerBound?: boolean) => {
      const n = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'pt').format(count);
      // Keys of the kit's lists, typed loosely: each list names its own noun.
      return (t as (k: string, o: object) => string)(key, { count, n: lowerBound ? `${n}+` : n });
    },
    [t, i18n.resolvedLanguage],
  );
}
