import type { KioskCredential } from '../api/kiosk';
import type { KioskLanguage } from '../kiosk-text';
import { askWall } from './wall-api';
import { wallAddress } from './wall-address';

/**
 * "Open my locker" while the server is gone (ADR 0160, issue #32): the card goes to the wall's card
 * reader asking for the office kind only (never an asset the same card may take), the PIN to its
 * keypad (where it opens no parcel and no asset). The wall opens the person's own locker, their
 * first door, as the server would; the doors it opened, or a WallRefusal / WallUnreachable.
 */
export function openLockerAtWall(credential: KioskCredential, lang: KioskLanguage): Promise<number[]> {
  const wall = wallAddress();
  if ('card' in credential) return askWall(wall, '/card', { card: credential.card, kind: 'office' }, lang);
  return askWall(wall, '/keypad', { code: credential.pin }, lang);
}
