import { describe, expect, it } from 'vitest';
import { isCard, normaliseCard } from './card.js';
import { credentialHashInput } from './device-offline.js';
import { localCardBodySchema } from './device-local-api.js';
import { cardSchema } from './schemas/office.js';

describe('normaliseCard (issue #33)', () => {
  it('drops spaces, colons, dashes and dots and upper-cases', () => {
    expect(normaliseCard(' 04:a3:1b:22 ')).toBe('04A31B22');
    expect(normaliseCard('04-a3-1b-22')).toBe('04A31B22');
    expect(normaliseCard('04 A3 1B 22')).toBe('04A31B22');
    expect(normaliseCard('04.a3.1b.22')).toBe('04A31B22');
    expect(normaliseCard('04A31B22')).toBe('04A31B22');
  });

  it('accepts 4 to 32 hex digits, nothing else (no decimal conversion, no other letters)', () => {
    expect(isCard('04A3')).toBe(true);
    expect(isCard('F'.repeat(32))).toBe(true);
    expect(isCard('04A')).toBe(false);
    expect(isCard('F'.repeat(33))).toBe(false);
    expect(isCard(normaliseCard('04:g3:1b:22'))).toBe(false);
    expect(isCard('')).toBe(false);
  });

  it('is what the user form, the kiosk and the local /card endpoint store and read', () => {
    expect(cardSchema.parse('04:a3:1b:22')).toBe('04A31B22');
    expect(cardSchema.safeParse('zz!').success).toBe(false);
    expect(cardSchema.safeParse(' : ').success).toBe(false);
    expect(localCardBodySchema.parse({ card: '04 a3 1b 22' }).card).toBe('04A31B22');
    expect(localCardBodySchema.safeParse({ card: 'not a card' }).success).toBe(false);
  });

  it('hashes a card the same however it was spelled; other values only trimmed', () => {
    expect(credentialHashInput('card', '04:a3:1b:22')).toBe('card:04A31B22');
    expect(credentialHashInput('card', '04a31b22')).toBe(credentialHashInput('card', '04A31B22'));
    expect(credentialHashInput('qr', ' abc ')).toBe('qr:abc');
    expect(credentialHashInput('parcel', ' sgpt-1 ')).toBe('parcel:sgpt-1');
  });
});
