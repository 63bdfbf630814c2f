import { describe, expect, it } from 'vitest';
import { doorsOpened, kioskT } from './kiosk-text';

/** The door-open screen names every door a code opened: one recipient's parcels share a code (#33). */
describe('the kiosk says which doors opened', () => {
  const opened = (lng: 'pt' | 'en' | 'es' | 'fr', doors: number[]) => doorsOpened(kioskT(lng), doors);

  it('one door in the singular, as before', () => {
    expect(opened('pt', [3])).toBe('Porta 3 aberta');
    expect(opened('en', [3])).toBe('Door 3 is open');
  });

  it('several doors in the plural, joined as each language joins a list', () => {
    expect(opened('pt', [3, 7])).toBe('Portas 3 e 7 abertas');
    expect(opened('en', [3, 7])).toBe('Doors 3 and 7 are open');
    expect(opened('pt', [2, 5, 11])).toBe('Portas 2, 5 e 11 abertas');
    expect(opened('es', [3, 7])).toBe('Puertas 3 y 7 abiertas');
    expect(opened('fr', [3, 7])).toBe('Portes 3 et 7 ouvertes');
  });
});
