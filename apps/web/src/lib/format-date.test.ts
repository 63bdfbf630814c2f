import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatDayMonth } from './format-date';
import { i18n, initI18n } from './i18n';

/** Issue #35: dates read dd/mm/aaaa (four-digit year) in both languages, and charts name days day-first. */
describe('dates', () => {
  beforeAll(() => initI18n());
  afterAll(() => i18n.changeLanguage('pt'));

  it('writes a four-digit year in pt and en', async () => {
    const at = '2026-11-27T14:05:00Z';
    await i18n.changeLanguage('pt');
    expect(formatDateTime(at)).toMatch(/^27\/11\/2026,? \d{2}:05$/);
    await i18n.changeLanguage('en');
    expect(formatDateTime(at)).toMatch(/^27\/11\/2026,? \d{2}:05$/);
    expect(formatDateTime(null)).toBe('—');
  });

  it('names a chart day as day/month', () => {
    expect(formatDayMonth('2026-11-13')).toBe('13/11');
  });
});
