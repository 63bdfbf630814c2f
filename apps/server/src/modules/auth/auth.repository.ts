import type { DbOrTx } from '../../db/schema.js';
import type { AccountRole } from '@cacifo/contract';
import { sessionsChanged } from './session-changes.js';

export interface AccountRow {
  id: number;
  username: string;
  name: string;
  role: AccountRole;
  company: string | null;
  enabled: number;
  password_hash: string;
}

const accountColumns = [
  'admins.id',
  'admins.username',
  'admins.name',
  'admins.role',
  'admins.company',
  'admins.enabled',
] as const;

export const authRepository = {
  /** Is the client of this `company` text disabled (ADR 0190)? */
  async clientDisabled(db: DbOrTx, company: string): Promise<boolean> {
    const row = await db
      .selectFrom('clients')
      .select('id')
      .where('name', '=', company)
      .where('enabled', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The PIN digest of an account, and its lookup (docs/adr/0061). */
  async pinOf(db: DbOrTx, adminId: number) {
    return db
      .selectFrom('admins')
      .select(['pin_hash', 'pin_lookup'])
      .where('id', '=', adminId)
      .executeTakeFirst();
  },

  async findAdminByUsername(db: DbOrTx, username: string): Promise<AccountRow | undefined> {
    const row = await db
      .selectFrom('admins')
      .select([...accountColumns, 'admins.password_hash'])
      .where('username', '=', username)
      .executeTakeFirst();
    return row as AccountRow | undefined;
  },

  async findAdminById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
    const row = await db
      .selectFrom('admins')
      .select([...accountColumns, 'admins.password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row as AccountRow | undefined;
  },

  /** The live account behind an access token: unexpired, unrevoked, admin still enabled. */
  async findAccountByAccessHash(db: DbOrTx, accessHash: string, now: string) {
    return (
      db
        .selectFrom('tokens')
        .innerJoin('admins', 'admins.id', 'tokens.admin_id')
        .select([...accountColumns, 'tokens.id as token_id', 'tokens.access_expires_at'])
        .where('tokens.access_hash', '=', accessHash)
        .where('tokens.revoked_at', 'is', null)
        .where('tokens.access_expires_at', '>', now)
        .where('admins.enabled', '=', 1)
        // An account of a disabled client is signed out (ADR 0190).
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('clients')
                .select('clients.id')
                .whereRef('clients.name', '=', 'admins.company')
                .where('clients.enabled', '=', 0),
            ),
          ),
        )
        .executeTakeFirst()
    );
  },

  async findTokenByRefreshHash(db: DbOrTx, refreshHash: string) {
    return db.selectFrom('tokens').selectAll().where('refresh_hash', '=', refreshHash).executeTakeFirst();
  },

  async insertToken(
    db: DbOrTx,
    t: {
      adminId: number;
      accessHash: string;
      refreshHash: string;
      accessExpiresAt: string;
      refreshExpiresAt: string;
      now: string;
      /** The sign-in's first token when this one comes from a refresh. */
      familyId: number | null;
    },
  ) {
    await db
      .insertInto('tokens')
      .values({
        admin_id: t.adminId,
        access_hash: t.accessHash,
        refresh_hash: t.refreshHash,
        access_expires_at: t.accessExpiresAt,
        refresh_expires_at: t.refreshExpiresAt,
        created_at: t.now,
        family_id: t.familyId,
      })
      .execute();
  },

  /** Revokes every token of a sign-in: its first token and all refreshed from it. */
  async revokeFamily(db: DbOrTx, familyId: number, now: string) {
    await sessionsChanged(db);
    await db
      .updateTable('tokens')
      .set({ revoked_at: now })
      .where((eb) => eb.or([eb('id', '=', familyId), eb('family_id', '=', familyId)]))
      .where('revoked_at', 'is', null)
      .execute();
    await sessionsChanged(db);
  },

  /** Revokes one token; true only for the caller that revoked it (refresh rotation is single-use). */
  async revokeToken(db: DbOrTx, tokenId: number, now: string): Promise<boolean> {
    await sessionsChanged(db);
    const r = await db
      .updateTable('tokens')
      .set({ revoked_at: now })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await sessionsChanged(db);
    return Number(r.numUpdatedRows) === 1;
  },

  async revokeAllForAdmin(db: DbOrTx, adminId: number, now: string) {
    await sessionsChanged(db);
    await db
      .updateTable('tokens')
      .set({ revoked_at: now })
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null)
      .execute();
    await sessionsChanged(db);
  },

  /** Housekeeping: tokens whose refresh window has passed are useless. */
  async deleteExpired(db: DbOrTx, now: string) {
    await db.deleteFrom('tokens').where('refresh_expires_at', '<', now).execute();
  },
};
