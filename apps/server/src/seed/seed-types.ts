import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';

/** An account created on the first start, printed once with its password. */
export interface PrintedCredential {
  username: string;
  role: string;
  password: string;
  /** The staff PIN (release a locker, reset data, global options); null when the account has none yet. */
  pin: string | null;
}

/** What every demo seeder receives (its own file, so the seeders and demo.ts do not import each other). */
export interface DemoContext {
  db: Db;
  config: Config;
  /** Ids created by earlier seeders, for later ones to link to. */
  ids: Record<string, number>;
}
