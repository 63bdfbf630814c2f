import { can, type AccountRole, type CredentialVia } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { credentialInputsChanged } from './credential-inputs.js';
import { PlaceKeys } from './place-keys.js';
import { wallCredentialsRepository as repo } from './wall-credentials.repository.js';

/** Where each kind of PIN is typed: a courier's at delivery walls, an office user's at office walls. */
const PLACE_TYPES = { courier: ['DELIVERY'], user: ['OFFICE', 'ASSETS'] } as const;

/**
 * A PIN is in clear only when it is set or typed at a kiosk: its place hashes (every place where
 * it may be typed) are made then and kept, so walls can check it alone (issue #32, ADR 0125). The
 * server itself keeps only a slow or peppered hash, from which none can be made later. `null`
 * forgets them (PIN removed). Never throws: a wall falls back to asking the server.
 */
export async function rememberPin(
  db: DbOrTx,
  subject: { kind: keyof typeof PLACE_TYPES; id: number },
  pin: string | null,
): Promise<void> {
  const name = `${subject.kind}:${subject.id}`;
  const via: CredentialVia = subject.kind === 'courier' ? 'code' : 'pin';
  try {
    if (pin === null) {
      await repo.replaceSecretHashes(db, name, via, []);
      credentialInputsChanged();
      return;
    }
    const keys = await PlaceKeys.load(db);
    const places = await repo.placesOfTypes(db, PLACE_TYPES[subject.kind]);
    const now = nowIso();
    await repo.replaceSecretHashes(
      db,
      name,
      via,
      places.map((p) => ({
        subject: name,
        place_id: p.id,
        via,
        hash: keys.hash(p.id, via, pin),
        created_at: now,
      })),
    );
    // The walls hear it now, not at the next sweep (their sets are built again).
    credentialInputsChanged();
  } catch {
    // The wall keeps the previous hashes until the next time the PIN is in clear.
  }
}

/** Has this subject's PIN (`courier:3`, `user:12`) its hash for this place (made after the place)? */
export async function hasPinHashes(db: DbOrTx, subject: string, placeId: number): Promise<boolean> {
  return repo.hasSecretHashes(db, subject, placeId);
}

/**
 * PINs only the server can check (issue #32): enabled office users and depositing couriers whose PIN
 * has no place hash, as it was set before walls learned PINs and not typed since. No hash can be made
 * from what the server keeps; they get one when the PIN is next set or typed at a kiosk. Counted
 * for the service status page, so an operator can ask those people to type it once or set it again.
 */
export async function pinsOnlyTheServerChecks(
  db: DbOrTx,
): Promise<{ officeUsers: number; couriers: number }> {
  const { users, staff } = await repo.pinsWithoutHashes(db);
  return {
    officeUsers: users.length,
    couriers: staff.filter((a) => can(a.role as AccountRole, 'orders.deposit')).length,
  };
}
