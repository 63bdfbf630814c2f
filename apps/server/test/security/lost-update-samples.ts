import { API } from '@cacifo/contract';
import { createPlace } from '../helpers/fixtures.js';
import { createAsset } from '../helpers/asset-fixtures.js';
import { createOrder } from '../helpers/order-fixtures.js';
import { client, find, ok, uniq, type Sample } from './lost-update-kit.js';
import { SETTINGS_SAMPLES } from './lost-update-settings.js';

/**
 * How to make and edit one record of each versioned endpoint (keyed by endpoint id). The suite is
 * generated from the route table: a versioned route without a sample here fails it.
 */
export const SAMPLES: Record<string, Sample> = {
  'clients.update': async (app, admin) => {
    const c = await client(app, admin);
    return {
      params: { id: c.id },
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
      params: { id: c.id },
      edit: (n) => ({ placeIds: [places[n % 2]] }),
      read: c.read,
    };
  },
  'admins.update': async (app, admin) => {
    const a = await ok(app, admin, API.admins.create, {
      body: {
        name: 'Ana Silva',
        username: uniq('ana'),
        role: 'courier',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        notifiable: false,
      },
    });
    const params = { id: a.id };
    return {
      params,
      edit: (n) => ({ name: `Ana ${n}` }),
      read: () => ok(app, admin, API.admins.get, { params }),
    };
  },
  'admins.updateEmployee': async (app, admin) => {
    const e = await ok(app, admin, API.admins.createEmployee, {
      body: {
        name: 'Rui Loja',
        username: uniq('rui'),
        company: 'Loja Matriz',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        notifiable: false,
      },
    });
    const params = { id: e.id };
    return {
      params,
      edit: (n) => ({ name: `Rui ${n}` }),
      read: () => ok(app, admin, API.admins.employee, { params }),
    };
  },
  'admins.updateProfile': async (app, _admin, signIn) => {
    const token = await signIn();
    const read = () => ok(app, token, API.admins.profile, {});
    return { token, edit: (n) => ({ name: `Eu ${n}` }), read };
  },
  'assets.update': async (app, admin) => {
    const a = await createAsset(app, admin);
    return {
      edit: (n) => ({ id: a.id, name: `Portátil ${n}`, tag: a.tag, description: `Edição ${n}` }),
      read: () => ok(app, admin, API.assets.asset, { query: { assetId: a.id } }),
    };
  },
  'assets.updateCategory': async (app, admin) => {
    const c = await ok(app, admin, API.assets.createCategory, {
      body: {
        name: uniq('Cat'),
        icon: 'laptop',
        size: 'M',
      },
    });
    return {
      edit: (n) => ({ id: c.id, name: `${String(c.name)}-${n}`, icon: 'laptop', size: 'M' }),
      read: () => find(app, admin, API.assets.categories, {}, (r) => r.id === c.id),
    };
  },
  'catalog.updateProject': async (app, admin) => {
    const p = await ok(app, admin, API.catalog.createProject, { body: { name: uniq('Projeto') } });
    return {
      params: { id: p.id },
      edit: (n) => ({ name: `${String(p.name)}-${n}` }),
      read: () => find(app, admin, API.catalog.projects, {}, (r) => r.id === p.id),
    };
  },
  'catalog.saveUserType': async (app, admin) => ({
    // Never saved before: the first edit inserts it (updatedAt null), the stale one is refused.
    params: { code: 'intern' },
    edit: (n) => ({ name: `Estagiário ${n}`, defaultValidDays: 100 + n }),
    read: () => find(app, admin, API.catalog.userTypes, {}, (r) => r.code === 'intern'),
  }),
  'content.updateFaq': async (app, admin) => {
    const f = await ok(app, admin, API.content.addFaq, {
      body: {
        language: 'pt',
        question: 'Como abro?',
        answer: 'Com o código.',
      },
    });
    return {
      params: { id: f.id },
      edit: (n) => ({ question: `Pergunta ${n}?`, answer: `Resposta ${n}.` }),
      read: () => find(app, admin, API.content.faqs, { query: { language: 'pt' } }, (r) => r.id === f.id),
    };
  },
  'locations.update': async (app, admin) => {
    const { placeId } = await createPlace(app, { doors: 2, sizes: ['S'] });
    const lockers = [1, 2].map((doorNumber) => ({ doorNumber, size: 'S' }));
    return {
      params: { id: placeId },
      edit: (n) => ({ name: `Local ${placeId}-${n}`, type: 'OFFICE', lockers }),
      read: async () => (await ok(app, admin, API.locations.lockers, { params: { id: placeId } })).Place,
    };
  },
  'marketplace.updatePrice': async (app, admin) => {
    const fields = { type: 'visitor', hours: 2, priceCents: 200, enabled: false } as const;
    const p = await ok(app, admin, API.marketplace.createPrice, { body: { name: uniq('Pack'), ...fields } });
    return {
      edit: (n) => ({ id: p.id, name: `${String(p.name)}-${n}`, ...fields }),
      read: () => find(app, admin, API.marketplace.prices, {}, (r) => r.id === p.id),
    };
  },
  'marketplace.updateVoucher': async (app, admin) => {
    const code = uniq('V');
    const fields = {
      code,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      discountType: 'percentage',
    } as const;
    const v = await ok(app, admin, API.marketplace.createVoucher, {
      body: {
        title: 'Verão',
        discountValue: 10,
        ...fields,
      },
    });
    return {
      edit: (n) => ({ id: v.id, title: `Verão ${n}`, discountValue: n, ...fields }),
      read: () => find(app, admin, API.marketplace.vouchers, {}, (r) => r.id === v.id),
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
      edit: (n) => ({ id, description: `Cliente ${n}`, invoiceId: `FT 2026/${n}` }),
      read: async () => (await ok(app, admin, API.marketplace.transaction, { params: { id } })).transaction,
    };
  },
  'office.updateUser': async (app, admin) => {
    const u = await ok(app, admin, API.office.createUser, { body: { id: 0, name: 'Rita Sousa' } });
    return {
      edit: (n) => ({ id: u.id, name: `Rita ${n}` }),
      read: () => ok(app, admin, API.office.user, { params: { id: u.id } }),
    };
  },
  'office.updateUserGroup': async (app, admin) => {
    const g = await ok(app, admin, API.office.createUserGroup, { body: { id: 0, name: uniq('Grupo') } });
    return {
      edit: (n) => ({ id: g.id, name: `${String(g.name)}-${n}` }),
      read: () => ok(app, admin, API.office.userGroup, { params: { id: g.id } }),
    };
  },
  'office.updateSchedule': async (app, admin) => {
    const fields = { startTime: '09:00', endTime: '18:00', weekdays: [1, 2, 3] };
    const s = await ok(app, admin, API.office.createSchedule, {
      body: {
        id: 0,
        name: uniq('Horário'),
        ...fields,
      },
    });
    return {
      edit: (n) => ({ id: s.id, name: `${String(s.name)}-${n}`, ...fields }),
      read: () => ok(app, admin, API.office.schedule, { params: { id: s.id } }),
    };
  },
  'orders.update': async (app, admin) => {
    const o = await createOrder(app, admin);
    return {
      edit: (n) => ({
        id: o.id,
        packageId: o.packageId,
        recipientPhone: o.recipientPhone,
        recipientName: `Destinatário ${n}`,
      }),
      read: () => ok(app, admin, API.orders.order, { query: { id: o.id } }),
    };
  },
  ...SETTINGS_SAMPLES,
};
