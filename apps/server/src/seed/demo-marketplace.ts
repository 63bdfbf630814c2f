import { ADMIN_LOG_ACTION, netFromGross } from '@cacifo/contract';
import { nowIso } from '../db/helpers.js';
import { DEFAULT_SETTINGS } from '../modules/marketplace/settings.service.js';
import { seedDemoRentals } from './demo-marketplace-rentals.js';
import type { DemoContext } from './seed-types.js';

const SIZES = ['S', 'S', 'M', 'M', 'L', 'S'];
const PACKS = [
  { name: '1 hora', type: 'visitor', hours: 1, price: 300 },
  { name: '2 horas', type: 'visitor', hours: 2, price: 500 },
  { name: '4 horas', type: 'visitor', hours: 4, price: 800 },
  { name: 'Dia inteiro', type: 'visitor', hours: 12, price: 1500 },
  { name: 'Hóspede 24 h', type: 'guest', hours: 24, price: 1200 },
  { name: 'Grupo 4 h', type: 'group', hours: 4, price: 1800 },
  { name: 'Consulta 2 h', type: 'health', hours: 2, price: 200 },
  { name: 'Evento', type: 'other', hours: 6, price: 900, enabled: 0 },
] as const;

/**
 * Marketplace demo: a rental wall at Cais do Sodré served by the demo screen, price packs of every
 * type, vouchers (active, limited, expired) and a month of transactions in every status, two of
 * them rentals still running, so every marketplace screen has data.
 */
export async function seedDemoMarketplace(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  const now = new Date();
  const at = nowIso(now);
  const { id: placeId } = await db
    .insertInto('places')
    .values({
      name: 'Cacifos Cais do Sodré',
      type: 'MARKETPLACE',
      system_type: 'locker',
      address: 'Praça Duque da Terceira, Lisboa',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ctx.ids['place:marketplace'] = placeId;
  await db
    .insertInto('lockers')
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        place_id: placeId,
        door_number: i + 1,
        size: SIZES[i % SIZES.length]!,
        door_status_updated_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const lockers = await db
    .selectFrom('lockers')
    .select(['id', 'door_number', 'size'])
    .where('place_id', '=', placeId)
    .orderBy('door_number')
    .execute();
  const screenId = ctx.ids['admin:screen'];
  if (screenId)
    await db
      .insertInto('kiosk_screens')
      .values({ admin_id: screenId, place_id: placeId, created_at: at })
      .execute();

  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await db
      .insertInto('settings')
      .values({ key: `marketplace.${key}`, value: JSON.stringify(value), updated_at: at })
      .execute();
  }
  const iva = DEFAULT_SETTINGS.ivaPercent;
  const packs: Array<{ id: number; name: string; type: string; hours: number; price: number }> = [];
  for (const p of PACKS) {
    const { id } = await db
      .insertInto('price_packs')
      .values({
        name: p.name,
        type: p.type,
        hours: p.hours,
        price_cents: p.price,
        price_net_cents: netFromGross(p.price, iva),
        enabled: 'enabled' in p ? p.enabled : 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    packs.push({ ...p, id });
  }
  const year = now.getUTCFullYear();
  const vouchers = [
    {
      title: 'Verão 10%',
      code: 'VERAO10',
      type: 'visitor',
      discount_type: 'percentage',
      discount_value: 10,
      start_date: `${year}-01-01`,
      end_date: `${year + 1}-12-31`,
      max_uses: null,
      max_uses_per_day: 20,
    },
    {
      title: 'Boas-vindas 2 €',
      code: 'BEMVINDO',
      type: null,
      discount_type: 'fixed',
      discount_value: 200,
      start_date: `${year}-01-01`,
      end_date: `${year + 1}-12-31`,
      max_uses: 100,
      max_uses_per_day: null,
    },
    {
      title: 'Santos Populares',
      code: 'SANTOS',
      type: null,
      discount_type: 'percentage',
      discount_value: 25,
      start_date: `${year - 1}-06-01`,
      end_date: `${year - 1}-06-30`,
      max_uses: null,
      max_uses_per_day: null,
    },
  ];
  const voucherIds: Record<string, number> = {};
  for (const v of vouchers) {
    const { id } = await db
      .insertInto('vouchers')
      .values({
        ...v,
        description_pt: `Desconto ${v.title}`,
        description_en: `${v.title} discount`,
        price_ids: '[]',
        enabled: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    voucherIds[v.code] = id;
  }

  const adminId = ctx.ids['admin:demo'] ?? null;
  const demoLogs: Array<[number, Record<string, unknown>]> = [
    [ADMIN_LOG_ACTION.IVA_TAX_CREATED, { ivaPercent: { from: null, to: iva } }],
    [ADMIN_LOG_ACTION.CAPTIVATION_PRICE_CREATED, { captiveDepositCents: { from: null, to: 2000 } }],
    [ADMIN_LOG_ACTION.PRICE_CREATED, { name: '2 horas', priceCents: 500 }],
    [ADMIN_LOG_ACTION.VOUCHER_CREATED, { code: 'VERAO10' }],
  ];
  for (const [action, details] of demoLogs) {
    await db
      .insertInto('admin_logs')
      .values({
        admin_id: adminId,
        admin_name: 'Demonstração',
        action,
        details: JSON.stringify(details),
        created_at: at,
      })
      .execute();
  }

  await seedDemoRentals(ctx, { placeId, screenId, lockers, packs, voucherIds, iva, now });
}
