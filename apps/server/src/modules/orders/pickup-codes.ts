import { createHash, randomBytes, randomInt } from 'node:crypto';
import { PICKUP_PIN_DIGITS, WAITING_PICKUP_STATES } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** Only hashes of pickup codes are stored; a PIN is hashed with its place (it is unique only there). */
export const pinHash = (placeId: number, pin: string) => hash(`pin:${placeId}:${pin}`);
export const qrHash = (qr: string) => hash(`qr:${qr}`);

/**
 * A new pickup code for a stored package: a PIN unique among the packages waiting at the same place
 * (the kiosk finds the order by it) and a QR payload. Only their hashes are kept.
 */
export async function newPickupCode(tx: DbOrTx, order: OrderRow, placeId: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = String(randomInt(0, 10 ** PICKUP_PIN_DIGITS)).padStart(PICKUP_PIN_DIGITS, '0');
    const taken = await ordersRepository.findWaitingByCode(
      tx,
      placeId,
      'pickup_pin_hash',
      pinHash(placeId, pin),
      [...WAITING_PICKUP_STATES],
    );
    if (taken && taken.id !== order.id) continue;
    const qr = `CACIFO-${order.id}-${randomBytes(12).toString('base64url')}`;
    return { pin, qr, patch: { pickup_pin_hash: pinHash(placeId, pin), pickup_qr_hash: qrHash(qr) } };
  }
  throw new AppError('conflict');
}
