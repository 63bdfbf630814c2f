import { createHash, randomBytes, randomInt } from 'node:crypto';
import { ORDER_STATE, PICKUP_PIN_DIGITS, WAITING_PICKUP_STATES, type OrderState } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { orderOutboxRepository } from './order-outbox.repository.js';
import type { PlainCode } from './order-events.js';
import { ordersRepository, type OrderRow } from './orders.repository.js';

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** Only hashes of pickup codes are stored; a PIN is hashed with its place (it is unique only there). */
export const pinHash = (placeId: number, pin: string) => hash(`pin:${placeId}:${pin}`);
export const qrHash = (qr: string) => hash(`qr:${qr}`);

/** States whose code the kiosk takes: a pickup code while waiting, a return code once expired. */
export const CODE_STATES: readonly OrderState[] = [...WAITING_PICKUP_STATES, ORDER_STATE.EXPIRED];

/** A code and the order columns that hold it. */
export interface IssuedCode extends PlainCode {
  patch: { pickup_pin_hash: string; pickup_qr_hash: string | null };
}

const issued = (placeId: number, code: PlainCode): IssuedCode => ({
  ...code,
  patch: { pickup_pin_hash: pinHash(placeId, code.pin), pickup_qr_hash: code.qr ? qrHash(code.qr) : null },
});

/** A PIN no other parcel at the place answers to now (pickup or return codes alike). */
async function freshPin(tx: DbOrTx, placeId: number, allowed: ReadonlySet<number>): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = String(randomInt(0, 10 ** PICKUP_PIN_DIGITS)).padStart(PICKUP_PIN_DIGITS, '0');
    const taken = await ordersRepository.withCode(
      tx,
      placeId,
      'pickup_pin_hash',
      pinHash(placeId, pin),
      CODE_STATES,
    );
    if (taken.every((o) => allowed.has(o.id))) return pin;
  }
  throw new AppError('conflict');
}

/** A new pickup code for a package: a PIN unique among the codes at its place, and a QR payload. */
export async function newPickupCode(tx: DbOrTx, order: OrderRow, placeId: number): Promise<IssuedCode> {
  const pin = await freshPin(tx, placeId, new Set([order.id]));
  return issued(placeId, { pin, qr: `CACIFO-${order.id}-${randomBytes(12).toString('base64url')}` });
}

/**
 * The pickup code of a package being stored. When the same recipient (phone number) already has
 * parcels waiting at the place, the package takes their code: one code opens all of them (the code
 * is read back from the message that carried it; docs/adr/0051). Otherwise a new one.
 */
export async function pickupCodeFor(tx: DbOrTx, order: OrderRow, placeId: number): Promise<IssuedCode> {
  const siblings = (
    await ordersRepository.waitingOfRecipient(tx, placeId, order.recipient_phone, WAITING_PICKUP_STATES)
  ).filter((o) => o.id !== order.id);
  if (siblings.length > 0) {
    const codes = await orderOutboxRepository.lastCodes(
      tx,
      siblings.map((s) => s.id),
    );
    // The newest sibling's code, if it is still the one its order answers to.
    for (const s of [...siblings].reverse()) {
      const packed = codes.get(s.id);
      const [pin, qr] = packed?.split(' ') ?? [];
      if (pin && s.pickup_pin_hash === pinHash(placeId, pin)) return issued(placeId, { pin, qr: qr ?? null });
    }
  }
  return newPickupCode(tx, order, placeId);
}

/** A return code for an expired package: typed at the kiosk, it opens the locker for the courier. */
export async function newReturnCode(tx: DbOrTx, order: OrderRow, placeId: number): Promise<IssuedCode> {
  const pin = await freshPin(tx, placeId, new Set([order.id]));
  return issued(placeId, { pin, qr: null });
}
