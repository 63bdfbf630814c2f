import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { ApiError } from '@/lib/api-client';
import pt from '@cacifo/texts/kiosk/pt.json';
import en from '@cacifo/texts/kiosk/en.json';
import es from '@cacifo/texts/kiosk/es.json';
import fr from '@cacifo/texts/kiosk/fr.json';
import { kioskError } from './kiosk-error';

/** "Too many attempts" at the kiosk says how long to wait: the refusal's minutes (ADR 0024, 0062). */
describe('the kiosk says how long to wait after too many attempts', () => {
  it('names the minutes of the refusal in every kiosk language', async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: {
        pt: { translation: pt },
        en: { translation: en },
        es: { translation: es },
        fr: { translation: fr },
      },
      lng: 'pt',
      interpolation: { escapeValue: false },
    });
    const said = (lng: string, e: unknown) => {
      const { key, values } = kioskError(e, 'wrongCode');
      // The app's typed keys do not know the kiosk's own files: a plain-string lookup.
      const t = i18n.getFixedT(lng) as unknown as (k: string, o: object) => string;
      return t(`kiosk.${key}`, values ?? {});
    };
    const refusal = new ApiError('tooManyAttempts', 429, { minutes: 12, retryAfter: 700 });
    expect(said('pt', refusal)).toBe('Demasiadas tentativas. Tente de novo dentro de 12 minutos.');
    expect(said('en', refusal)).toBe('Too many attempts. Try again in 12 minutes.');
    expect(said('es', refusal)).toContain('12 minutos');
    expect(said('fr', refusal)).toContain('12 minutes');
    expect(said('pt', new ApiError('tooManyAttempts', 429, { minutes: 1 }))).toContain('1 minuto.');
    for (const lng of ['pt', 'en', 'es', 'fr'])
      expect(said(lng, refusal)).not.toMatch(/few|uns|unos|quelques/);
    // A short hold (docs/adr/0130) is said in seconds.
    const brief = new ApiError('tooManyAttempts', 429, { minutes: 1, retryAfter: 15 });
    expect(said('pt', brief)).toBe('Demasiadas tentativas. Tente de novo dentro de 15 segundos.');
    expect(said('en', brief)).toBe('Too many attempts. Try again in 15 seconds.');
    expect(said('es', brief)).toContain('15 segundos');
    expect(said('fr', brief)).toContain('15 secondes');
    // Without the minutes (never from this server) it still says to wait, with no guess.
    expect(said('pt', new ApiError('tooManyAttempts', 429))).toBe(
      'Demasiadas tentativas. Aguarde e tente de novo.',
    );
  });
});

/** Outside their hours, the office wall says when they may come back (issue #33). */
describe('the kiosk says when someone outside their hours may come back', () => {
  it('names the day and the Lisbon time of the next shift, in each language', async () => {
    const { kioskT } = await import('../kiosk-text');
    const denied = new ApiError('accessDenied', 403, {
      reason: 'outsideSchedule',
      retryAt: '2026-12-01T09:00:00.000Z',
    });
    const e = kioskError(denied, 'wrongPin');
    expect(e.key).toBe('errors.outsideScheduleUntil');
    const pt = kioskT('pt')(e.key, e.values);
    expect(pt).toMatch(/^Fora do seu horário\. Pode voltar terça-feira, 1 de dezembro.*09:00\.$/);
    expect(kioskT('en')(e.key, e.values)).toMatch(/Tuesday, December 1.*09:00\.$/);
    // An asset outside its own hours is listed with when it may be taken.
    const { comeBackValues } = await import('./kiosk-error');
    expect(kioskT('pt')('assets.later', comeBackValues('2026-12-01T09:00:00.000Z'))).toBe(
      'Disponível terça-feira, 1 de dezembro às 09:00.',
    );
    // Without a next time (every range over), the plain refusal.
    const never = new ApiError('accessDenied', 403, { reason: 'outsideSchedule', retryAt: null });
    expect(kioskError(never, 'wrongPin').key).toBe('errors.outsideSchedule');
  });
});
