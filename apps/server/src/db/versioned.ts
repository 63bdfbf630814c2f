import type { Insertable, Updateable } from 'kysely';
import { AppError } from '../lib/errors.js';
import type { Database, DbOrTx } from './schema.js';

/*
 * Lost updates (issue #20, docs/adr/0027). An editable record's `updated_at` is its version: an edit
 * writes only when the row is still at the value the editor read, in one statement, so two editors
 * (or two instances) cannot both win. The new value is strictly later than the one replaced, even
 * when both writes fall in the same millisecond or this instance's clock is behind, so the next
 * editor holding the old value always sees the change.
 */

/** Tables whose rows are edited through a versioned update (they have `updated_at`). */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { updated_at: string } ? T : never;
}[keyof Database];

/** The `updated_at` that replaces `previous`: now, or 1 ms after `previous` when that is later. */
export function nextUpdatedAt(previous: string, now: Date = new Date()): string {
  const before = Date.parse(previous);
  const at = Number.isNaN(before) ? now.getTime() : Math.max(now.getTime(), before + 1);
  return new Date(at).toISOString();
}

/**
 * `UPDATE table SET patch, updated_at = next WHERE key = ? AND updated_at = expected`. Answers the
 * new `updated_at`; throws `staleVersion` when no row matched (someone saved since, or it is gone:
 * callers check existence first, so a missing row is reported as notFound before this runs).
 */
export async function updateIfUnchanged<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  key: { column: 'id'; value: number } | { column: 'code' | 'key'; value: string },
  expected: string,
  patch: Omit<Updateable<Database[T]>, 'updated_at'>,
): Promise<string> {
  const updatedAt = nextUpdatedAt(expected);
  // The table is generic here; each caller's patch is still checked against its own table's columns.
  const r = await (db as DbOrTx)
    .updateTable(table as 'places')
    .set({ ...(patch as Updateable<Database['places']>), updated_at: updatedAt })
    .where(key.column as 'id', '=', key.value as number)
    .where('updated_at', '=', expected)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('staleVersion');
  return updatedAt;
}

/**
 * For a record that exists only once saved (the editor read defaults, `updatedAt: null`): inserts
 * it, or throws `staleVersion` when someone saved it first.
 */
export async function insertIfAbsent<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  values: Insertable<Database[T]>,
): Promise<void> {
  const r = await (db as DbOrTx)
    .insertInto(table as 'user_type_settings')
    .values(values as Insertable<Database['user_type_settings']>)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('staleVersion');
}

/**
 * Settings documents (several rows or keys saved as one form: the service configuration, global
 * options, marketplace settings, message templates, pickup rules, tool texts) each have one version:
 * the `updated_at` of a `settings` row `version.<group>`, absent until the document is first saved.
 */
export type SettingsGroup =
  'serviceConfig' | 'globalOptions' | 'marketplace' | 'messageTemplates' | 'pickupRules' | 'toolTexts';

const versionKey = (group: SettingsGroup) => `version.${group}`;

/** The version a settings document's editor reads (null: never saved). */
export async function settingsVersion(db: DbOrTx, group: SettingsGroup): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('updated_at')
    .where('key', '=', versionKey(group))
    .executeTakeFirst();
  return row?.updated_at ?? null;
}

/**
 * The first write of a settings document's save, in its transaction: moves the document's version
 * from `expected` (what the editor read) to a new one and answers it, or throws `staleVersion` when
 * someone saved since. Later writes of the same transaction then run alone on PostgreSQL (row lock).
 */
export async function claimSettingsVersion(
  db: DbOrTx,
  group: SettingsGroup,
  expected: string | null,
): Promise<string> {
  if (expected === null) {
    const now = nextUpdatedAt('');
    await insertIfAbsent(db, 'settings', { key: versionKey(group), value: '', updated_at: now });
    return now;
  }
  return updateIfUnchanged(db, 'settings', { column: 'key', value: versionKey(group) }, expected, {});
}
