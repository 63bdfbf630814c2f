import { sql, type ExpressionBuilder, type Selectable, type Updateable } from 'kysely';
import { SEARCH_COUNT_CAP, type AccountKind, type AccountsFilter } from '@cacifo/contract';
import { withoutTenantScope } from '../../db/tenant-scope.js';
import type { Database, DbOrTx } from '../../db/schema.js';
import type { AdminsTable } from '../../db/tables/foundation.js';
import { containsPattern, likeEscaped, toNumber } from '../../db/helpers.js';
import { sortTerms, type SortKey } from '../../db/keyset.js';
import { sessionsChanged } from '../auth/session-changes.js';

export type AdminRow = Selectable<AdminsTable>;

export interface AccountFilter {
  kinds: readonly AccountKind[];
  company?: string | undefined;
  search?: string | undefined;
  role?: string | undefined;
  enabled?: '0' | '1' | undefined;
}
/** The list's order (issue #22): a whitelisted column, then the id. */
export type AccountSort = Pick<AccountsFilter, 'sort' | 'order'>;
const SORT_KEY: Record<AccountsFilter['sort'], SortKey> = {
  name: { ref: 'name' },
  username: { ref: 'username' },
  role: { ref: 'role' },
  createdAt: { ref: 'created_at' },
};

const SCREEN_ONLY_ROLES = ['dash', 'screen'];

/**
 * The kind an account really is. Store and screen roles decide it alone; the stored column only
 * tells a screen courier from a staff courier, so accounts inserted without it (first-start seed,
 * test helpers) still land in the right list.
 */
export function effectiveKind(row: Pick<AdminRow, 'role' | 'kind'>): AccountKind {
  if (row.role === 'store') return 'employee';
  if (SCREEN_ONLY_ROLES.includes(row.role) || row.kind === 'screen') return 'screen';
  return 'staff';
}

function kindCondition(eb: ExpressionBuilder<Database, 'admins'>, kind: AccountKind) {
  if (kind === 'employee') return eb('role', '=', 'store');
  const screen = eb.or([eb('role', 'in', SCREEN_ONLY_ROLES), eb('kind', '=', 'screen')]);
  return kind === 'screen'
    ? eb.and([eb('role', '!=', 'store'), screen])
    : eb.and([eb('role', '!=', 'store'), eb.not(screen)]);
}

export const adminsRepository = {
  /**
   * A page of accounts, filtered and sorted on the server (issue #22), and the total: exact, but
   * for a text search with more than SEARCH_COUNT_CAP matches, where it is the cap and
   * `lowerBound` is true.
   */
  async list(
    db: DbOrTx,
    f: AccountFilter,
    page: { limit: number; offset: number },
    s: AccountSort = { sort: 'name', order: 'asc' },
  ) {
    let q = db.selectFrom('admins').where((eb) => eb.or(f.kinds.map((k) => kindCondition(eb, k))));
    if (f.company !== undefined) q = q.where('company', '=', f.company);
    if (f.role) q = q.where('role', '=', f.role);
    if (f.enabled) q = q.where('enabled', '=', Number(f.enabled));
    if (f.search) {
      const like = containsPattern(f.search.toLowerCase());
      q = q.where((eb) =>
        eb.or(
          ['username', 'name', 'email', 'company'].map((c) => likeEscaped(sql`lower(${sql.ref(c)})`, like)),
        ),
      );
    }
    const [first, then] = sortTerms(SORT_KEY[s.sort], 'id', s.order);
    const cap = f.search ? SEARCH_COUNT_CAP + 1 : null;
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy(first).orderBy(then).limit(page.limit).offset(page.offset).execute(),
      cap === null
        ? q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
        : db
            .selectFrom(q.select('id').limit(cap).as('m'))
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow(),
    ]);
    const n = toNumber(count.n as number);
    const lowerBound = cap !== null && n > SEARCH_COUNT_CAP;
    return { rows, total: lowerBound ? SEARCH_COUNT_CAP : n, lowerBound };
  },

  /** The locations the kiosks among `ids` are installed at. */
  async kioskPlaces(db: DbOrTx, ids: readonly number[]): Promise<Map<number, { id: number; name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['k.admin_id', 'p.id', 'p.name'])
      .where('k.admin_id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.admin_id, { id: r.id, name: r.name }]));
  },

  /** Installs a kiosk at a location, or takes it out of service (null). */
  async setKioskPlace(db: DbOrTx, adminId: number, placeId: number | null, now: string) {
    if (placeId === null) {
      await db.deleteFrom('kiosk_screens').where('admin_id', '=', adminId).execute();
      return;
    }
    await db
      .insertInto('kiosk_screens')
      .values({ admin_id: adminId, place_id: placeId, created_at: now })
      .onConflict((oc) => oc.column('admin_id').doUpdateSet({ place_id: placeId }))
      .execute();
  },

  async placeExists(db: DbOrTx, placeId: number): Promise<boolean> {
    return !!(await db.selectFrom('places').select('id').where('id', '=', placeId).executeTakeFirst());
  },

  findById(db: DbOrTx, id: number) {
    return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Usernames are unique across every client and the operator: read outside the tenant scope. */
  usernameTaken(db: DbOrTx, username: string, exceptId: number | null = null) {
    return withoutTenantScope(async () => {
      let q = db
        .selectFrom('admins')
        .select('id')
        .where((eb) => eb(eb.fn('lower', [eb.ref('username')]), '=', username.toLowerCase()));
      if (exceptId !== null) q = q.where('id', '!=', exceptId);
      return !!(await q.executeTakeFirst());
    });
  },

  async insert(db: DbOrTx, row: Omit<AdminRow, 'id'>) {
    const r = await db.insertInto('admins').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async update(db: DbOrTx, id: number, patch: Updateable<AdminsTable>) {
    await sessionsChanged(db);
    await db.updateTable('admins').set(patch).where('id', '=', id).execute();
  },

  async remove(db: DbOrTx, id: number) {
    // Explicit deletes: SQLite only cascades with foreign_keys on, and this must not depend on it.
    await sessionsChanged(db);
    await db.deleteFrom('bookmarks').where('admin_id', '=', id).execute();
    await db.deleteFrom('tokens').where('admin_id', '=', id).execute();
    await db.deleteFrom('admins').where('id', '=', id).execute();
  },

  /** Revokes every live token of the account except `keepTokenId` (a password change). */
  async revokeTokens(db: DbOrTx, adminId: number, now: string, keepTokenId: number | null = null) {
    let q = db
      .updateTable('tokens')
      .set({ revoked_at: now })
      .where('admin_id', '=', adminId)
      .where('revoked_at', 'is', null);
    if (keepTokenId !== null) q = q.where('id', '!=', keepTokenId);
    await sessionsChanged(db);
    await q.execute();
  },

  async countEnabledAdmins(db: DbOrTx) {
    const r = await db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', 'admin')
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow();
    return toNumber(r.n as number);
  },
};
