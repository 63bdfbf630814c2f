import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { randomPassword } from '../lib/secrets.js';
import { insertAccount } from './accounts.js';
import { seedDemo } from './demo.js';
import type { PrintedCredential } from './seed-types.js';

/**
 * First start on an empty database: the first admin and, unless SEED_DEMO=0, the demo site.
 * Returns the credentials to print once; nothing is printed on later starts.
 */
export async function bootstrap(
  db: Db,
  config: Config,
  log?: FastifyBaseLogger,
): Promise<PrintedCredential[]> {
  const existing = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return [];
  const adminPassword = config.adminPassword ?? randomPassword();
  await insertAccount(db, {
    username: config.adminUsername,
    name: 'Administrador',
    role: 'admin',
    password: adminPassword,
    email: 'admin@cacifo.pt',
    // No PIN: each admin sets their own (user menu > Edit profile > PIN); the first start says so.
  });
  const printed: PrintedCredential[] = [
    {
      username: config.adminUsername,
      role: 'admin',
      password: config.adminPassword ? '(ADMIN_PASSWORD)' : adminPassword,
      pin: null,
    },
  ];
  if (config.seedDemo) {
    printed.push(...(await seedDemo(db, config)));
    log?.info('demo site created');
  }
  return printed;
}

/**
 * What the first start prints, once: every account with its password and PIN. The staff PIN is
 * asked before releasing a locker, resetting data and changing global options; the first admin
 * has none until they set it, and is told where.
 */
export function firstStartText(printed: readonly PrintedCredential[]): string {
  const lines = printed.map(
    (p) =>
      `  ${p.username.padEnd(10)} ${p.role.padEnd(16)} ${p.password.padEnd(16)} ${p.pin ?? '(none yet)'}`,
  );
  return [
    '',
    'First start: accounts created (username, role, password, PIN)',
    ...lines,
    '',
    'Staff PIN: asked before releasing a locker, resetting data and changing global options.',
    'Each admin sets their own after signing in: user menu > Edit profile > PIN.',
    '',
  ].join('\n');
}
