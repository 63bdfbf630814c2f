import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder, newPhone } from './helpers/order-fixtures.js';

describeEachDb('pickup SMS from the operator template', (ctx) => {
  it('uses the pickup-code SMS template saved in Admin tools, variables filled in', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const saved = await callApi(ctx.app, admin.token, API.notifications.saveTemplates, {
      body: {
        templates: [
          {
            event: 'pickupCode',
            channel: 'sms',
            language: 'pt',
            body: 'Olá {name}! {packageId} no cacifo {door}. Código de levantamento: {code}. QR: {qrLink}',
          },
        ],
        updatedAt: null,
      },
    });
    expect(saved.status).toBe(200);
    const order = await depositOrder(ctx.app, admin.token, placeId);
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select('body')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(sms.body).toMatch(
      new RegExp(
        `^Olá .+! ${order.packageId} no cacifo ${order.assignedLocker!.doorNumber}\\. Código de levantamento: \\d{6}\\. QR: http\\S+/pickup/qr\\?c=CACIFO-\\S+$`,
      ),
    );
  });

  it('a saved template is used as written for several parcels, {parcels} a list', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const current = await callApi(ctx.app, admin.token, API.notifications.templates, {});
    const saved = await callApi(ctx.app, admin.token, API.notifications.saveTemplates, {
      body: {
        templates: [
          {
            event: 'pickupCode',
            channel: 'sms',
            language: 'pt',
            body: 'Cacifo: {parcels} em {location}: {code}',
          },
        ],
        updatedAt: current.body.Data.updatedAt,
      },
    });
    expect(saved.status).toBe(200);
    const recipientPhone = newPhone();
    const one = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone });
    const two = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientPhone });
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select('body')
      .where('order_id', '=', two.id)
      .executeTakeFirstOrThrow();
    expect(sms.body).toMatch(new RegExp(`^Cacifo: ${one.packageId} e ${two.packageId} em .+: \\d{6}$`));
  });
});
