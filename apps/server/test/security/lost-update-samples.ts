import type { FastifyInstance } from 'fastify';
import { call, TEST_PASSWORD } from '../helpers/test-app.js';
import { createPlace } from '../helpers/fixtures.js';
import { createAsset } from '../helpers/asset-fixtures.js';
import { createOrder } from '../helpers/order-fixtures.js';

type Row = Record<string, unknown> & { id?: unknown; updatedAt: string | null };

/** One record made for the suite: where its edit goes, edit number `n`, and how to read it back. */
interface EditableRecord {
  url: string;
  /** The caller, when the record is the caller's own (the profile); else the suite's admin. */
  token?: string;
  edit: (n: number) => Record<string, unknown>;
  read: () => Promise<Row>;
}

export type Sample = (
  app: FastifyInstance,
  admin: string,
  signIn: () => Promise<string>,
) => Promise<EditableRecord>;

let seq = 0;
const uniq = (prefix: string) => `${prefix}${Date.now() % 100_000}${++seq}`;

async function ok<T>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const r = await call<T>(app, token, { method, url, ...(payload === undefined ? {} : { payload }) });
  if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Data;
}
const find = async (app: FastifyInstance, token: string, url: string, match: (r: Row) => boolean) => {
  const rows = await ok<Row[]>(app, token, 'GET', url);
  const row = rows.find(match);
  if (!row) throw new Error(`${url}: record not listed`);
  return row;
};

/** A client of the suite's own, read back from the clients list. */
async function client(app: FastifyInstance, admin: string) {
  const made = await ok<Row>(app, admin, 'POST', '/api/admin/clients', { name: uniq('Cliente ') });
  const read = async () =>
    (await ok<{ clients: Row[] }>(app, admin, 'GET', '/api/admin/clients')).clients.find(
      (r) => r.id === made.id,
    )!;
  return { id: made.id, read };
}

/**
 * How to make and edit one record of each versioned endpoint (keyed by endpoint id). The suite is
 * generated from the route table: a versioned route without a sample here fails it.
 */
export const SAMPLES: Record<string, Sample> = {
  'clients.update': async (app, admin) => {
    const c = await client(app, admin);
    return {
      url: `/api/admin/clients/${String(c.id)}`,
      edit: (n) => ({ retentionDays: 30 + n }),
      read: c.read,
    };
  },
  'clients.setGrants': async (app, admin) => {
    const c = await client(app, admin);
    const places = [
      (await createPlace(app, { doors: 1 })).placeId,
      (await createPlace(app, { doors: 1 })).placeId,
    ];
    return {
      url: `/api/admin/clients/${String(c.id)}/grants`,
      edit: (n) => ({ placeIds: [places[n % 2]] }),
      read: c.read,
    };
  },
  'admins.update': async (app, admin) => {
    const a = await ok<Row>(app, admin, 'POST', '/api/admin/admins', {
      name: 'Ana Silva',
      username: uniq('ana'),
      role: 'courier',
      password: 'segredo1',
      confirmPassword: 'segredo1',
      notifiable: false,
    });
    const url = `/api/admin/admins/${String(a.id)}`;
    return { url, edit: (n) => ({ name: `Ana ${n}` }), read: () => ok<Row>(app, admin, 'GET', url) };
  },
  'admins.updateEmployee': async (app, admin) => {
    const e = await ok<Row>(app, admin, 'POST', '/api/admin/employees', {
      name: 'Rui Loja',
      username: uniq('rui'),
      company: 'Loja Matriz',
      password: 'segredo1',
      confirmPassword: 'segredo1',
      notifiable: false,
    });
    const url = `/api/admin/employees/${String(e.id)}`;
    return { url, edit: (n) => ({ name: `Rui ${n}` }), read: () => ok<Row>(app, admin, 'GET', url) };
  },
  'admins.updateProfile': async (app, _admin, signIn) => {
    const token = await signIn();
    const read = () => ok<Row>(app, token, 'GET', '/api/admin/profile');
    return { url: '/api/admin/profile', token, edit: (n) => ({ name: `Eu ${n}` }), read };
  },
  'assets.update': async (app, admin) => {
    const a = await createAsset(app, admin);
    return {
      url: '/api/asset/asset',
      edit: (n) => ({ id: a.id, name: `Portátil ${n}`, tag: a.tag, description: `Edição ${n}` }),
      read: () => ok<Row>(app, admin, 'GET', `/api/asset/asset?assetId=${a.id}`),
    };
  },
  'assets.updateCategory': async (app, admin) => {
    const c = await ok<Row>(app, admin, 'POST', '/api/asset/category', {
      name: uniq('Cat'),
      icon: 'laptop',
      size: 'M',
    });
    return {
      url: '/api/asset/category',
      edit: (n) => ({ id: c.id, name: `${String(c.name)}-${n}`, icon: 'laptop', size: 'M' }),
      read: () => find(app, admin, '/api/asset/categories', (r) => r.id === c.id),
    };
  },
  'catalog.updateProject': async (app, admin) => {
    const p = await ok<Row>(app, admin, 'POST', '/api/admin/projects', { name: uniq('Projeto') });
    return {
      url: `/api/admin/projects/${String(p.id)}`,
      edit: (n) => ({ name: `${String(p.name)}-${n}` }),
      read: () => find(app, admin, '/api/admin/projects', (r) => r.id === p.id),
    };
  },
  'catalog.saveUserType': async (app, admin) => ({
    // Never saved before: the first edit inserts it (updatedAt null), the stale one is refused.
    url: '/api/admin/user-types/intern',
    edit: (n) => ({ name: `Estagiário ${n}`, defaultValidDays: 100 + n }),
    read: () => find(app, admin, '/api/admin/user-types', (r) => r.code === 'intern'),
  }),
  'content.updateFaq': async (app, admin) => {
    const f = await ok<Row>(app, admin, 'POST', '/api/admin/faqs', {
      language: 'pt',
      question: 'Como abro?',
      answer: 'Com o código.',
    });
    return {
      url: `/api/admin/faqs/${String(f.id)}`,
      edit: (n) => ({ question: `Pergunta ${n}?`, answer: `Resposta ${n}.` }),
      read: () => find(app, admin, '/api/admin/faqs?language=pt', (r) => r.id === f.id),
    };
  },
  'locations.update': async (app, admin) => {
    const { placeId } = await createPlace(app, { doors: 2, sizes: ['S'] });
    const lockers = [1, 2].map((doorNumber) => ({ doorNumber, size: 'S' }));
    const url = `/api/julian/place/${placeId}`;
    return {
      url,
      edit: (n) => ({ name: `Local ${placeId}-${n}`, type: 'OFFICE', lockers }),
      read: async () =>
        (await ok<{ Place: Row }>(app, admin, 'GET', `/api/julian/lockersByPlace/${placeId}`)).Place,
    };
  },
  'marketplace.updatePrice': async (app, admin) => {
    const fields = { type: 'visitor', hours: 2, priceCents: 200, enabled: false };
    const p = await ok<Row>(app, admin, 'POST', '/api/marketplace/price', { name: uniq('Pack'), ...fields });
    return {
      url: '/api/marketplace/price',
      edit: (n) => ({ id: p.id, name: `${String(p.name)}-${n}`, ...fields }),
      read: () => find(app, admin, '/api/marketplace/prices', (r) => r.id === p.id),
    };
  },
  'marketplace.updateVoucher': async (app, admin) => {
    const code = uniq('V');
    const fields = { code, startDate: '2026-01-01', endDate: '2026-12-31', discountType: 'percentage' };
    const v = await ok<Row>(app, admin, 'POST', '/api/marketplace/voucher', {
      title: 'Verão',
      discountValue: 10,
      ...fields,
    });
    return {
      url: '/api/marketplace/voucher',
      edit: (n) => ({ id: v.id, title: `Verão ${n}`, discountValue: n, ...fields }),
      read: () => find(app, admin, '/api/marketplace/vouchers', (r) => r.id === v.id),
    };
  },
  'marketplace.updateTransaction': async (app, admin) => {
    const now = new Date().toISOString();
    const { id } = await app.db
      .insertInto('transactions')
      .values({
        kind: 'rental',
        reference: uniq('T-'),
        status: 'paid',
        total_cost_cents: 100,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      url: '/api/marketplace/transaction',
      edit: (n) => ({ id, description: `Cliente ${n}`, invoiceId: `FT 2026/${n}` }),
      read: async () =>
        (await ok<{ transaction: Row }>(app, admin, 'GET', `/api/marketplace/transaction/${id}`)).transaction,
    };
  },
  'office.updateUser': async (app, admin) => {
    const u = await ok<Row>(app, admin, 'POST', '/api/julian/user', { id: 0, name: 'Rita Sousa' });
    return {
      url: '/api/julian/user',
      edit: (n) => ({ id: u.id, name: `Rita ${n}` }),
      read: () => ok<Row>(app, admin, 'GET', `/api/julian/user/${String(u.id)}`),
    };
  },
  'office.updateUserGroup': async (app, admin) => {
    const g = await ok<Row>(app, admin, 'POST', '/api/julian/userGroup', { id: 0, name: uniq('Grupo') });
    return {
      url: '/api/julian/userGroup',
      edit: (n) => ({ id: g.id, name: `${String(g.name)}-${n}` }),
      read: () => ok<Row>(app, admin, 'GET', `/api/julian/userGroup/${String(g.id)}`),
    };
  },
  'office.updateSchedule': async (app, admin) => {
    const fields = { startTime: '09:00', endTime: '18:00', weekdays: [1, 2, 3] };
    const s = await ok<Row>(app, admin, 'POST', '/api/julian/schedule', {
      id: 0,
      name: uniq('Horário'),
      ...fields,
    });
    return {
      url: '/api/julian/schedule',
      edit: (n) => ({ id: s.id, name: `${String(s.name)}-${n}`, ...fields }),
      read: () => ok<Row>(app, admin, 'GET', `/api/julian/schedule/${String(s.id)}`),
    };
  },
  'orders.update': async (app, admin) => {
    const o = await createOrder(app, admin);
    return {
      url: '/api/delivery/order',
      edit: (n) => ({
        id: o.id,
        packageId: o.packageId,
        recipientPhone: o.recipientPhone,
        recipientName: `Destinatário ${n}`,
      }),
      read: () => ok<Row>(app, admin, 'GET', `/api/delivery/order?id=${o.id}`),
    };
  },
  // Settings documents: one version per document (docs/adr/0027), null until first saved.
  'catalog.saveServiceConfig': async (app, admin) => {
    const read = () => ok<Row>(app, admin, 'GET', '/api/admin/service');
    const { updatedAt: _v, ...config } = await read();
    return { url: '/api/admin/service', edit: (n) => ({ ...config, operatorName: `Operador ${n}` }), read };
  },
  'locations.updateGlobalOptions': async (app, admin) => {
    const pin = '7315';
    const set = await call(app, admin, {
      method: 'PUT',
      url: '/api/admin/profile/pin',
      payload: { password: TEST_PASSWORD, pin },
    });
    if (set.status !== 200) throw new Error(`admin PIN: ${set.status} ${JSON.stringify(set.body)}`);
    const read = () => ok<Row>(app, admin, 'GET', '/api/julian/globalOptions');
    const { updatedAt: _v, ...options } = await read();
    return {
      url: '/api/julian/globalOptions',
      edit: (n) => ({ ...options, kioskMessage: `Aviso ${n}`, pin }),
      read,
    };
  },
  'marketplace.updateSettings': async (app, admin) => {
    const read = async () => {
      const {
        webhookSecret: _s,
        highestActivePriceCents: _h,
        ...settings
      } = await ok<Row>(app, admin, 'GET', '/api/marketplace/settings');
      return settings as Row;
    };
    const { updatedAt: _v, ...settings } = await read();
    return { url: '/api/marketplace/settings', edit: (n) => ({ ...settings, pendingMinutes: 10 + n }), read };
  },
  'notifications.saveTemplates': async (app, admin) => ({
    url: '/api/admin/message-templates',
    edit: (n) => ({
      templates: [{ event: 'reminder', channel: 'sms', language: 'pt', body: `Lembrete ${n}: {packageId}` }],
    }),
    read: () => ok<Row>(app, admin, 'GET', '/api/admin/message-templates'),
  }),
  'notifications.savePickupSettings': async (app, admin) => ({
    url: '/api/admin/pickup-settings',
    edit: (n) => ({
      rules: [{ locationType: '*', pickupHours: 70 + n, reminderHours: [48], lastDayHours: 24 }],
    }),
    read: () => ok<Row>(app, admin, 'GET', '/api/admin/pickup-settings'),
  }),
  'tools.updateTexts': async (app, admin) => {
    const read = () => ok<Row & { texts: Row[] }>(app, admin, 'GET', '/api/admin/tools/texts');
    const text = (await read()).texts.find((t) => t.group === 'kiosk')!;
    const { key, pt, en, es, fr } = text;
    return {
      url: '/api/admin/tools/texts',
      edit: (n) => ({ texts: [{ key, pt: `${String(pt)} ${n}`, en, es, fr }] }),
      read,
    };
  },
};
