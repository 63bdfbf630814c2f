import { expect } from '@playwright/test';
import { API } from '@cacifo/contract';
import type { AdminApi } from './kiosk-wall';

/**
 * PINs are unique (staff: the form's "already in use"; office users: L41), and the browser suite
 * shares one database with the demo's seed and with every other spec. A spec that chooses a PIN takes
 * it here, from a slice no seeded account and no other spec uses, so two runs of chance never meet.
 * Each slice was once a spec's own guess, and two guesses met a seeded PIN about once in 900 runs.
 *
 * Taken already:
 * - the demo's staff (seed/demo.ts): 0246 (kiosk), 1470, 2345, 3456, 4567, 5678, 6789, 7890, 8901, 9012
 * - the demo's office users (seed/demo-office.ts): 1357, 2468, 3579, 4680, 5791, 6802
 * - givePin (below): 1000-9999 for office users through the API, stepping past L41
 * - kiosk-offline.spec's courier: OFFLINE_COURIER_PIN, a staff PIN made once per run
 */

/** A staff PIN below 0100, where the demo has none (its lowest is 0246): 00xx from the suffix. */
export function staffPin(suffix: number): string {
  return String(suffix % 100).padStart(4, '0');
}

/**
 * An office user's PIN below 1000, where neither the demo nor givePin has one: 0xx then `last`, so
 * the specs that set a PIN through the form in one run take different last digits (office.spec: 0, 1).
 */
export function officePin(suffix: number, last: 0 | 1): string {
  return `0${String(suffix % 100).padStart(2, '0')}${last}`;
}

/** The staff PIN of the courier kiosk-offline.spec makes once per run (no seeded staff PIN is 4821). */
export const OFFLINE_COURIER_PIN = '4821';

/** Gives an office user a PIN no one else holds (PINs are unique, L41) and answers it. */
export async function givePin(admin: AdminApi, userId: number): Promise<string> {
  for (let n = Date.now() % 9000; ; n = (n + 7919) % 9000) {
    const pin = String(1000 + n);
    const said = await admin.attempt(API.office.updateUser, { body: { id: userId, pin } });
    if (said !== 'L41') {
      expect(said, `PIN for user ${userId}`).toBe('ok');
      return pin;
    }
  }
}
