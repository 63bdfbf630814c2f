import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MSG_TYPE } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { officeSupportRepository } from './office-support.repository.js';

const PEPPER_KEY = 'office.pinPepper';

/**
 * Locker-user PINs are stored as an HMAC keyed by a random pepper kept in settings, not beside the
 * users: the kiosk must find a user by PIN (so the digest is deterministic), and a copy of the
 * users table alone does not give the PINs away.
 */
export async function pinDigest(db: DbOrTx, pin: string): Promise<string> {
  let pepper = await officeSupportRepository.setting(db, PEPPER_KEY);
  if (pepper === undefined) {
    await officeSupportRepository.addSettingIfMissing(db, PEPPER_KEY, randomBytes(32).toString('base64url'));
    // Read back: when two first PINs race, both use the pepper that was stored.
    pepper = await officeSupportRepository.setting(db, PEPPER_KEY);
    if (pepper === undefined) throw new Error('The PIN pepper could not be stored');
  }
  return createHmac('sha256', pepper).update(pin).digest('hex');
}

/** Tells every open user screen to refetch; never fails the command that changed the data. */
export function refreshUsers(app: FastifyInstance, userIds: number[]): void {
  app.realtime.publish({ MsgType: MSG_TYPE.REFRESH_USERS, Data: { userIds } }).catch((err: unknown) => {
    app.log.warn({ err }, 'RefreshUsers publish failed');
  });
}

/** A locker user has pending transactions when an open one carries their phone number (or id). */
export async function hasPendingTransactions(
  db: DbOrTx,
  user: { id: number; phone_number: string | null },
): Promise<boolean> {
  return (await officeSupportRepository.pendingTransactions(db, user)) > 0;
}
