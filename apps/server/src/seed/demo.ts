import { seedDemoClients } from './demo-clients.js';
import type { AccountRole } from '@cacifo/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { randomPassword } from '../lib/secrets.js';
import { insertAccount } from './accounts.js';
import type { DemoContext, PrintedCredential } from './seed-types.js';
import { seedDemoPlaces } from './demo-places.js';
import { seedDemoOffice } from './demo-office.js';
import { seedDemoAssets } from './demo-assets.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoMarketplace } from './demo-marketplace.js';
import { seedDemoAdmin } from './demo-admin.js';

/** Demo seeders run in order; each area appends its own (places first: others hang off them). */
const demoSeeders: Array<(ctx: DemoContext) => Promise<void>> = [
  seedDemoPlaces,
  seedDemoOffice,
  seedDemoAssets,
  seedDemoOrders,
  seedDemoMarketplace,
  seedDemoAdmin,
];

const DEMO_ACCOUNTS: Array<{
  username: string;
  name: string;
  role: AccountRole;
  company?: string;
  pin: string;
}> = [
  { username: 'editor', name: 'Marta Editora', role: 'editor', pin: '2345' },
  { username: 'courier', name: 'Rui Estafeta', role: 'courier', pin: '3456' },
  { username: 'loja', name: 'Loja Chiado', role: 'store', company: 'Loja Chiado', pin: '4567' },
  {
    username: 'importer',
    name: 'Importador Loja',
    role: 'cacifo_importer',
    company: 'Loja Chiado',
    pin: '5678',
  },
  { username: 'security', name: 'Segurança Sede', role: 'security', pin: '6789' },
  { username: 'dash', name: 'Painel Receção', role: 'dash', pin: '7890' },
  // The marketplace kiosk at Cais do Sodré (bound by the marketplace seeder).
  { username: 'screen', name: 'Ecrã Cais do Sodré', role: 'screen', pin: '8901' },
  // The office kiosk at Sede's entrance (bound by the office seeder): a screen acts only where it is.
  { username: 'portaria', name: 'Ecrã Portaria Sede', role: 'screen', pin: '1470' },
  // The kiosk screen of the delivery wall (its place is bound by the orders seeder).
  { username: 'kiosk', name: 'Ecrã Entregas Saldanha', role: 'screen', pin: '0246' },
  { username: 'demo', name: 'Demonstração', role: 'admin', pin: '9012' },
];

export async function seedDemo(db: Db, config: Config): Promise<PrintedCredential[]> {
  const printed: PrintedCredential[] = [];
  const ctx: DemoContext = { db, config, ids: {} };
  for (const a of DEMO_ACCOUNTS) {
    const password = config.demoPassword ?? randomPassword(12);
    ctx.ids[`admin:${a.username}`] = await insertAccount(db, {
      ...a,
      password,
      email: `${a.username}@cacifo.pt`,
    });
    printed.push({
      username: a.username,
      role: a.role,
      password: config.demoPassword ? '(DEMO_PASSWORD)' : password,
      pin: a.pin,
    });
  }
  for (const seeder of demoSeeders) await seeder(ctx);
  await seedDemoClients(db);
  return printed;
}
