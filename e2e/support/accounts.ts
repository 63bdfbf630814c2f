import type { AccountRole } from '@cacifo/contract';

export interface Account {
  username: string;
  role: AccountRole;
  password: string;
  company?: string;
}

const demo = () => process.env.CACIFO_E2E_PASSWORD ?? 'e2e-demo-pass';

/** The demo accounts the server seeds on first start (one per role, plus `demo`). */
export const ACCOUNTS = {
  admin: {
    username: 'admin',
    role: 'admin',
    password: process.env.CACIFO_E2E_ADMIN_PASSWORD ?? 'e2e-admin-pass',
  },
  editor: { username: 'editor', role: 'editor', password: demo() },
  courier: { username: 'courier', role: 'courier', password: demo() },
  store: { username: 'loja', role: 'store', password: demo(), company: 'Loja Chiado' },
  importer: { username: 'importer', role: 'cacifo_importer', password: demo() },
  security: { username: 'security', role: 'security', password: demo() },
  dash: { username: 'dash', role: 'dash', password: demo() },
  screen: { username: 'screen', role: 'screen', password: demo() },
  kiosk: { username: 'kiosk', role: 'screen', password: demo() },
  portaria: { username: 'portaria', role: 'screen', password: demo() },
  demo: { username: 'demo', role: 'admin', password: demo() },
} satisfies Record<string, Account>;
