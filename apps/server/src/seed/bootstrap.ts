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
    pin: '1234',
  });
  const printed: PrintedCredential[] = [
    {
      username: config.adminUsername,
      role: 'admin',
      password: config.adminPassword ? '(ADMIN_PASSWORD)' : adminPassword,
    },
  ];
  if (config.seedDemo) {
    printed.push(...(await seedDemo(db, config)));
    log?.info('demo site created');
  }
  return printed;
}
