import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { updateCustomizer } from './customizer';
import { i18n, initI18n } from './i18n';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => updateCustomizer({ direction: 'ltr' }));

describe('values inside sentences in a right-to-left layout', () => {
  it('are bidi isolates, so a number keeps its place; left to right leaves them as they are', () => {
    const key = 'validation.range' as const;
    expect(i18n.t('errors.tooManyAttempts', { minutes: 15 })).toBe(
      'Demasiadas tentativas. Tente novamente dentro de 15 min.',
    );
    updateCustomizer({ direction: 'rtl' });
    expect(i18n.t('errors.tooManyAttempts', { minutes: 15 })).toBe(
      'Demasiadas tentativas. Tente novamente dentro de \u206815\u2069 min.',
    );
    // A text without values is untouched.
    expect(i18n.t(key)).not.toMatch(/[\u2068\u2069]/);
  });
});
