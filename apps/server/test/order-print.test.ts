import { beforeAll, expect, it } from 'vitest';
import { API, type Order } from '@cacifo/contract';
import { describeEachDb, signIn, apiRequest } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, depositOrder, lastPickupCode } from './helpers/order-fixtures.js';
import { readPdf } from './helpers/pdf-read.js';

describeEachDb('parcel label and pickup slip (PDF)', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let store: Awaited<ReturnType<typeof signIn>>;
  let courier: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  let stored: Order;

  const get = (token: string, kind: 'label' | 'slip', orderId: number, language: 'pt' | 'en' = 'pt') =>
    ctx.app.inject({
      ...apiRequest(API.orders[kind], { query: { orderId, language } }),
      headers: { authorization: `Bearer ${token}` },
    });
  const refusal = async (token: string, kind: 'label' | 'slip', orderId: number) => {
    const res = await get(token, kind, orderId);
    return (res.json() as { Description: string }).Description;
  };

  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    store = await signIn(ctx.app, 'store', { company: 'Loja Print' });
    courier = await signIn(ctx.app, 'courier');
    ({ placeId } = await createPlace(ctx.app, {
      name: 'Print Alvalade',
      type: 'DELIVERY',
      doors: 4,
      sizes: ['S'],
    }));
    // Created and deposited by the store: the order is the store's company's.
    stored = await depositOrder(ctx.app, store.token, placeId, 'S', { recipientNumber: 'REF-77' });
  });

  it('label: the package id as a Code 128 that decodes to it, the reference and the locker, in pt and en', async () => {
    const res = await get(store.token, 'label', stored.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`etiqueta-${stored.packageId}.pdf`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.codes).toEqual([{ format: 'CODE_128', text: stored.packageId }]);
    const door = stored.assignedLocker!.doorNumber;
    expect(pdf.text).toContain('Etiqueta da encomenda');
    expect(pdf.text).toContain('REF-77');
    expect(pdf.text).toContain(`Print Alvalade · Porta ${door} · S`);
    expect(pdf.text).toContain('Loja Print');

    const en = await readPdf((await get(admin.token, 'label', stored.id, 'en')).rawPayload);
    expect(en.text).toContain('Parcel label');
    expect(en.text).toContain(`Door ${door}`);
    expect(en.codes[0]?.text).toBe(stored.packageId);
  });

  it('slip: the pickup code in digits and as a QR that decodes to the code the kiosk takes', async () => {
    const code = await lastPickupCode(ctx.app, stored.id);
    const res = await get(store.token, 'slip', stored.id);
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.codes).toEqual([{ format: 'QR_CODE', text: code.qr }]);
    expect(pdf.text).toContain('Talão de levantamento');
    expect(pdf.text).toContain(code.pin.split('').join(' '));
    expect(pdf.text).toContain(`Porta ${stored.assignedLocker!.doorNumber}`);
    expect(pdf.text).toContain(stored.packageId);
  });

  it('label and slip are one page each, in pt and en, with the longest values the form takes (issue #33)', async () => {
    const long = await depositOrder(ctx.app, store.token, placeId, 'S', {
      recipientName: 'Maria '.repeat(16).trim().slice(0, 100),
      recipientNumber: 'R'.repeat(64),
    });
    for (const order of [stored, long])
      for (const language of ['pt', 'en'] as const) {
        for (const kind of ['label', 'slip'] as const) {
          const res = await get(admin.token, kind, order.id, language);
          expect(res.statusCode).toBe(200);
          const pdf = await readPdf(res.rawPayload);
          expect([kind, language, pdf.pages]).toEqual([kind, language, 1]);
        }
      }
    // The footer is on the label's one page, whole.
    const label = await readPdf((await get(admin.token, 'label', stored.id)).rawPayload);
    expect(label.text.replace(/\s+/g, ' ')).toContain('o código de barras é o ID da encomenda.');
  });

  it('an order without a pickup code has no slip; its label has no locker yet', async () => {
    const fresh = await createOrder(ctx.app, admin.token);
    expect(await refusal(admin.token, 'slip', fresh.id)).toBe('noPickupCode');
    const label = await readPdf((await get(admin.token, 'label', fresh.id)).rawPayload);
    expect(label.text).toContain('Sem cacifo atribuído');
    expect(label.codes[0]?.text).toBe(fresh.packageId);
  });

  it("object level: another company's store and a courier who did not deposit it get neither label nor slip", async () => {
    const other = await signIn(ctx.app, 'store', { company: 'Outra Loja' });
    expect(await refusal(other.token, 'label', stored.id)).toBe('orderNotExist');
    expect(await refusal(other.token, 'slip', stored.id)).toBe('orderNotExist');
    // A courier is confined to the orders they handle (order confinement): another's reads as absent.
    expect(await refusal(courier.token, 'label', stored.id)).toBe('orderNotExist');
    expect(await refusal(courier.token, 'slip', stored.id)).toBe('orderNotExist');
    const importer = await signIn(ctx.app, 'cacifo_importer');
    expect(await refusal(importer.token, 'label', stored.id)).toBe('forbidden');
    expect(await refusal(admin.token, 'slip', 999_999)).toBe('orderNotExist');
  });
});
