import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '@/lib/i18n';
import { logDetailsText } from './log-details';

beforeAll(async () => {
  await initI18n();
});

// Intl writes a no-break space before the euro sign.
const text = (details: unknown) => logDetailsText(JSON.stringify(details), i18n.t).replace(/\u00a0/g, ' ');

describe('marketplace log details', () => {
  it('says a price change with the field name and euros, not priceCents and JSON', async () => {
    await setLanguage('pt');
    const pack = { id: 3, name: '2 horas', type: 'park', hours: 2, priceCents: 600, priceNetCents: 488 };
    const line = text({
      id: 3,
      from: { ...pack, enabled: true },
      to: { ...pack, priceCents: 700, priceNetCents: 569 },
    });
    expect(line).toBe('2 horas · Preço com IVA 6,00 € → 7,00 € · Preço sem IVA 4,88 € → 5,69 €');
    expect(line).not.toMatch(/priceCents|[{}]/);
  });

  it('settings changes, first values and switches read as words, in English too', async () => {
    await setLanguage('en');
    expect(text({ ivaPercent: { from: 23, to: 6 } })).toBe('VAT 23 % → 6 %');
    expect(text({ captiveDepositCents: { from: null, to: 2000 } })).toBe('Deposit €20.00');
    expect(text({ id: 4, name: '2 horas', enabled: false })).toBe('2 horas · Enabled No');
    expect(text({ id: 9, code: 'VERAO10' })).toBe('VERAO10');
    expect(logDetailsText('not json', i18n.t)).toBe('not json');
    await setLanguage('pt');
  });
});
