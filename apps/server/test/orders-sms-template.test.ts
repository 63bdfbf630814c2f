import { expect, it } from 'vitest';
import { call, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { depositOrder } from './helpers/order-fixtures.js';

describeEachDb('pickup SMS from the operator template', (ctx) => {
  it('uses the pickup-code SMS template saved in Admin tools, variables filled in', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const saved = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/message-templates',
      payload: {
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
});
