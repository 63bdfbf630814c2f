import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import en from '@cacifo/texts/locales/shared/en.json';
import pt from '@cacifo/texts/locales/shared/pt.json';
import { pageLabel } from './i18n-keys';

type Dict = { [key: string]: string | Dict };
const lookup = (dict: Dict) => (key: string) => {
  const found = key
    .split('.')
    .reduce<string | Dict | undefined>(
      (at, part) => (at && typeof at === 'object' ? at[part] : undefined),
      dict,
    );
  return typeof found === 'string' ? found : key;
};

/**
 * Issue #26: bookmarks and page search named "User groups", "Expired lockers", "Settings" or "Logs"
 * twice, or without their group. Away from the menu every page reads with its group, and no two
 * pages of the menu read the same.
 */
describe('page names away from the menu (bookmarks, search)', () => {
  for (const [lang, dict] of [
    ['pt', pt],
    ['en', en],
  ] as const) {
    it(`are unique and carry their group (${lang})`, () => {
      const t = lookup(dict as Dict);
      const shown = APP_ROUTES.filter((r) => !('hidden' in r && r.hidden));
      const labels = shown.map((r) => pageLabel(t, r.id));
      const repeated = labels.filter((l, i) => labels.indexOf(l) !== i);
      expect(repeated).toEqual([]);
      for (const [i, r] of shown.entries()) {
        expect(labels[i], r.id).not.toContain('nav.');
        if ('group' in r && r.group) expect(labels[i], r.id).toContain(' › ');
      }
    });
  }
});
