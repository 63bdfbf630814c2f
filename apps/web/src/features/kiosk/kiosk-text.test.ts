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

  it('asks to take one parcel or several, as many as the doors', () => {
    expect(kioskT('pt')('door.takeParcel', { count: 1 })).toBe('Retire a sua encomenda e feche a porta.');
    expect(kioskT('pt')('door.takeParcel', { count: 2 })).toBe(
      'Retire as suas encomendas e feche as portas.',
    );
    expect(kioskT('en')('door.takeParcel', { count: 2 })).toBe('Take your parcels and close the doors.');
    // A task with one text keeps it whatever the count.
    expect(kioskT('pt')('door.putParcel', { count: 1 })).toBe(kioskT('pt')('door.putParcel'));
  });
});
