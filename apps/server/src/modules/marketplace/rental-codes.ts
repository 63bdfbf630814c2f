import { createHash, randomBytes, randomInt } from 'node:crypto';
import { RENTAL_PIN_DIGITS } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { rentalsRepository } from './transactions.repository.js';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** Only hashes are stored; a PIN is hashed with its place (it is unique only there). */
export const rentalPinHash = (placeId: number, pin: string) => hash(`rental-pin:${placeId}:${pin}`);
export const rentalQrHash = (qr: string) => hash(`rental-qr:${qr}`);

/** A rental's codes in clear (said once to the customer) and the columns that keep their hashes. */
export interface RentalCodes {
  pin: string;
  qrCode: string;
  columns: { pin_hash: string; qr_hash: string };
}

/**
 * New codes for a rental at a place: a PIN no other rental holding a locker there answers to, and
 * a QR payload too long to guess (the kiosk's camera reads it like a typed PIN).
 */
export async function newRentalCodes(tx: DbOrTx, placeId: number): Promise<RentalCodes> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = String(randomInt(0, 10 ** RENTAL_PIN_DIGITS)).padStart(RENTAL_PIN_DIGITS, '0');
    const pinHash = rentalPinHash(placeId, pin);
    if ((await rentalsRepository.holdingByCode(tx, placeId, 'pin_hash', pinHash)).length > 0) continue;
    const qrCode = `CACIFO-R-${randomBytes(12).toString('base64url')}`;
    return { pin, qrCode, columns: { pin_hash: pinHash, qr_hash: rentalQrHash(qrCode) } };
  }
  throw new AppError('conflict');
}
