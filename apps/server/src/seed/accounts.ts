import type { AccountRole } from '@cacifo/contract';
import type { Db } from '../db/schema.js';
import { nowIso } from '../db/helpers.js';
import { hashSecret } from '../lib/secrets.js';
import { PinLookup } from '../modules/auth/pin-lookup.js';

export interface NewAccount {
  username: string;
  name: string;
  role: AccountRole;
  password: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  pin?: string | null;
}

export async function insertAccount(db: Db, a: NewAccount): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('admins')
    .values({
      username: a.username,
      name: a.name,
      role: a.role,
      company: a.company ?? null,
      email: a.email ?? null,
      phone: a.phone ?? null,
      password_hash: await hashSecret(a.password),
      pin_hash: a.pin ? await hashSecret(a.pin) : null,
      // Seeded PINs get their lookup too, so the uniqueness check never falls back to slow hashes.
      pin_lookup: a.pin ? await new PinLookup(db).of(a.pin) : null,
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
