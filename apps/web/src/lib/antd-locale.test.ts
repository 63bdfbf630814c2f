import { describe, expect, it } from 'vitest';
import en from '@cacifo/texts/locales/shared/en.json';
import pt from '@cacifo/texts/locales/shared/pt.json';
import { antdLocale } from './antd-locale';

/** The list kit's page-size select is named in the screen's language, not in Romanian (issue #22). */
describe('antd locale', () => {
  it('names the page-size select in Portuguese for pt and in English for en', () => {
    const ptLocale = antdLocale('pt', pt.list.pageSize);
    const enLocale = antdLocale('en', en.list.pageSize);
    expect(ptLocale.Pagination?.page_size).toBe('Tamanho da página');
    expect(enLocale.Pagination?.page_size).toBe('Page size');
    // The rest of antd's texts stay each language's own.
    expect(ptLocale.Pagination?.items_per_page).toBe('/ página');
    expect(ptLocale.Table?.emptyText).toBe('Sem dados');
    expect(enLocale.Pagination?.items_per_page).toBe('/ page');
    expect(JSON.stringify(ptLocale.Pagination)).not.toMatch(/mărimea/);
  });
});
