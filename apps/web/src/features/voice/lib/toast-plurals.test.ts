import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '@/lib/i18n';
import { SPOKEN } from './spoken';

/** "1 portas abertas" was shown after a cleaning that opened one door: the toasts agree in number. */
describe('voice replies agree with their number', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it.each([
    ['pt', 1, 'Modo de limpeza ativado em Sede: 1 porta aberta.'],
    ['pt', 3, 'Modo de limpeza ativado em Sede: 3 portas abertas.'],
    ['en', 1, 'Cleaning mode on at Sede: 1 door opened.'],
    ['en', 3, 'Cleaning mode on at Sede: 3 doors opened.'],
  ] as const)('%s, %i door(s)', async (lng, count, text) => {
    await setLanguage(lng);
    expect(i18n.t('voice.toast.cleaningDone', { place: 'Sede', count })).toBe(text);
    expect(i18n.t('voice.toast.emergencyDone', { place: 'Sede', count })).toContain(String(count));
  });

  it('says one user, and one door, in the singular aloud', () => {
    expect(SPOKEN.userList(1)).toBe('Há 1 utilizador.');
    expect(SPOKEN.exportDone(1)).toBe('Exportei 1 utilizador.');
    expect(SPOKEN.cleaningDone(1)).toContain('1 porta aberta');
    expect(SPOKEN.usersFound(2, 'Ana')).toContain('2 utilizadores');
  });
});
