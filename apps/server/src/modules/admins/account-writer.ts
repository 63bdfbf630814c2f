import { rememberPin } from '../wall-offline/secret-hashes.js';
import type { Updateable } from 'kysely';
import { ADMIN_LOG_ACTION, type AccountKind, type AccountRole } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { AdminsTable } from '../../db/tables/foundation.js';
import { isUniqueViolation, nowIso } from '../../db/helpers.js';
import { updateIfUnchanged } from '../../db/versioned.js';
import { AppError } from '../../lib/errors.js';
import { hashSecret } from '../../lib/secrets.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { adminsRepository, type AdminRow } from './admins.repository.js';
import { PinLookup } from '../auth/pin-lookup.js';
import { forgetSessions } from '../auth/session-changes.js';

export interface NewAccountInput {
  username: string;
  name: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  notifiable: boolean;
  enabled: boolean;
  role: AccountRole;
  kind: AccountKind;
  company: string | null;
  password: string;
  pin?: string | null | undefined;
  /** A kiosk's location (screen role only; the service checks it exists). */
  kioskPlaceId?: number | null | undefined;
}

export interface AccountChanges {
  name?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  notifiable?: boolean | undefined;
  role?: AccountRole | undefined;
  company?: string | null | undefined;
  password?: string | undefined;
  pin?: string | null | undefined;
  enabled?: boolean | undefined;
  kioskPlaceId?: number | null | undefined;
  /** What the editor read: the save is refused (staleVersion) when the account changed since. */
  updatedAt?: string | undefined;
}

/** Two saves racing past the checks meet the unique indexes: answer as the check would have. */
function uniqueViolation(e: unknown): never {
  if (isUniqueViolation(e, /pin_lookup/i)) throw new AppError('L41');
  if (isUniqueViolation(e, /username/i)) throw new AppError('userExists');
  throw e;
}

/**
 * Writes accounts for the admins, employees and profile services: uniqueness (username, PIN L41),
 * slow hashes, token revocation on a password change, and the admin log row (20/21/22) in the same
 * transaction as the change.
 */
export class AccountWriter {
  constructor(private readonly db: Db) {}

  /**
   * The PIN's columns, checked and hashed before the write transaction opens: scrypt is slow and
   * SQLite holds one writer at a time. The check is one indexed read; two saves racing past it
   * meet the unique index (L41 too).
   */
  private async pinFields(pin: string | null, exceptId: number | null) {
    if (pin === null) return { pin_hash: null, pin_lookup: null };
    const lookup = new PinLookup(this.db);
    if (await lookup.inUse(pin, exceptId)) throw new AppError('L41');
    return { pin_hash: await hashSecret(pin), pin_lookup: await lookup.of(pin) };
  }

  async create(actor: Account, input: NewAccountInput): Promise<number> {
    const passwordHash = await hashSecret(input.password);
    const pin = await this.pinFields(input.pin ?? null, null);
    const id = await this.db
      .transaction()
      .execute(async (tx) => {
        if (await adminsRepository.usernameTaken(tx, input.username)) throw new AppError('userExists');
        const now = nowIso();
        const id = await adminsRepository.insert(tx, {
          username: input.username,
          name: input.name,
          email: input.email ?? null,
          phone: input.phone ?? null,
          notifiable: input.notifiable ? 1 : 0,
          enabled: input.enabled ? 1 : 0,
          role: input.role,
          kind: input.kind,
          company: input.company,
          password_hash: passwordHash,
          ...pin,
          created_at: now,
          updated_at: now,
          password_changed_at: now,
        });
        if (input.kioskPlaceId != null && input.role === 'screen')
          await adminsRepository.setKioskPlace(tx, id, input.kioskPlaceId, now);
        await writeAdminLog(tx, {
          actor,
          action: ADMIN_LOG_ACTION.ADMIN_CREATED,
          user: { id, name: input.name },
          details: {
            username: input.username,
            role: input.role,
            kind: input.kind,
            company: input.company,
            ...(input.kioskPlaceId != null ? { kioskPlaceId: input.kioskPlaceId } : {}),
          },
        });
        return id;
      })
      .catch(uniqueViolation);
    // The PIN is in clear now only: walls check a courier's alone with its place hashes (issue #32).
    if (input.pin) await rememberPin(this.db, { kind: 'courier', id }, input.pin);
    return id;
  }

  async update(actor: Account, target: AdminRow, changes: AccountChanges): Promise<void> {
    const now = nowIso();
    const patch: Updateable<AdminsTable> = { updated_at: now };
    const changed: string[] = [];
    const set = <K extends keyof AccountChanges>(
      key: K,
      apply: (v: NonNullable<AccountChanges[K]> | null) => void,
    ) => {
      if (changes[key] === undefined) return;
      apply((changes[key] ?? null) as NonNullable<AccountChanges[K]> | null);
      changed.push(key);
    };
    set('name', (v) => (patch.name = v!));
    set('email', (v) => (patch.email = v));
    set('phone', (v) => (patch.phone = v));
    set('notifiable', (v) => (patch.notifiable = v ? 1 : 0));
    set('role', (v) => (patch.role = v!));
    set('company', (v) => (patch.company = v));
    set('enabled', (v) => (patch.enabled = v ? 1 : 0));
    if (changes.password !== undefined) {
      patch.password_hash = await hashSecret(changes.password);
      patch.password_changed_at = now;
      changed.push('password');
    }
    if (changes.pin !== undefined) {
      Object.assign(patch, await this.pinFields(changes.pin, target.id));
      changed.push('pin');
    }
    // Only a kiosk has a location: one that stops being a kiosk leaves its location too.
    const role = changes.role ?? target.role;
    const kioskPlace = role === 'screen' ? changes.kioskPlaceId : target.role === 'screen' ? null : undefined;
    if (kioskPlace !== undefined) changed.push('kioskPlace');
    await this.db
      .transaction()
      .execute(async (tx) => {
        if (changes.updatedAt === undefined) await adminsRepository.update(tx, target.id, patch);
        else {
          const { updated_at: _, ...fields } = patch;
          await updateIfUnchanged(
            tx,
            'admins',
            { column: 'id', value: target.id },
            changes.updatedAt,
            fields,
          );
        }
        if (kioskPlace !== undefined) await adminsRepository.setKioskPlace(tx, target.id, kioskPlace, now);
        // A new password ends every other session of the account; the caller's own one survives.
        // Disabling ends them all, so enabling the account again revives none (issue #20).
        if (changes.password !== undefined || changes.enabled === false) {
          const keep = changes.enabled !== false && actor.id === target.id ? actor.tokenId : null;
          await adminsRepository.revokeTokens(tx, target.id, now, keep);
        }
        await writeAdminLog(tx, {
          actor,
          action: ADMIN_LOG_ACTION.ADMIN_UPDATED,
          user: { id: target.id, name: patch.name ?? target.name },
          details: { changed, ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}) },
        });
      })
      .catch(uniqueViolation);
    if (changes.pin !== undefined)
      await rememberPin(this.db, { kind: 'courier', id: target.id }, changes.pin);
    // Cached sessions may hold the old role, name or a now-revoked token: forget them once committed.
    forgetSessions();
  }

  async remove(actor: Account, target: AdminRow): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await adminsRepository.remove(tx, target.id);
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.ADMIN_DELETED,
        user: { id: target.id, name: target.name },
        details: { username: target.username, role: target.role, kind: target.kind, company: target.company },
      });
    });
    forgetSessions();
  }
}
