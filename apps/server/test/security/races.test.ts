import { expect, it } from 'vitest';
import { API, type Order } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from '../helpers/test-app.js';
import { createPlace } from '../helpers/fixtures.js';
import { createOrder } from '../helpers/order-fixtures.js';

describeEachDb('races', (ctx) => {
  it('200 concurrent locker assignments for 20 free lockers: exactly 20, no locker twice', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 20, sizes: ['S'] });
    const orders: Order[] = [];
    for (let i = 0; i < 200; i += 50) {
      orders.push(
        ...(await Promise.all(Array.from({ length: 50 }, () => createOrder(ctx.app, admin.token)))),
      );
    }
    const replies = await Promise.all(
      orders.map((o) =>
        callApi(ctx.app, admin.token, API.orders.assignLocker, {
          query: { locationId: placeId, size: 'S', packageId: o.packageId },
        }),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(20);
    expect(replies.filter((r) => r.body.Description === 'No locker avaliable')).toHaveLength(180);
    expect(new Set(won.map((r) => r.body.Data.assignedLocker!.id)).size).toBe(20);
    const held = await ctx.app.db
      .selectFrom('orders')
      .select('locker_id')
      .where('locker_id', 'is not', null)
      .execute();
    expect(new Set(held.map((h) => h.locker_id)).size).toBe(held.length);
    expect(held).toHaveLength(20);
  }, 120_000);

  it('two admins editing one user: the second save is refused, nothing is lost silently', async () => {
    const a = await signIn(ctx.app, 'admin');
    const b = await signIn(ctx.app, 'editor');
    const created = await callApi(ctx.app, a.token, API.office.createUser, {
      body: { id: 0, name: 'Rita Sousa' },
    });
    expect(created.status).toBe(200);
    const read = created.body.Data;
    // Both opened the same version; each changes a different field.
    const [first, second] = await Promise.all([
      callApi(ctx.app, a.token, API.office.updateUser, {
        body: { id: read.id, name: 'Rita Sousa', email: 'rita@cacifo.pt', updatedAt: read.updatedAt },
      }),
      callApi(ctx.app, b.token, API.office.updateUser, {
        body: { id: read.id, name: 'Rita Sousa', obs: 'Piso 3', updatedAt: read.updatedAt },
      }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.Description).toBe('staleVersion');
    const stored = await callApi(ctx.app, a.token, API.office.user, { params: { id: read.id } });
    // Exactly the winner's change is stored, and the loser was told.
    const winnerEmail = first.status === 200 ? 'rita@cacifo.pt' : null;
    expect(stored.body.Data.email ?? null).toBe(winnerEmail);
    expect(stored.body.Data.obs ?? null).toBe(first.status === 200 ? null : 'Piso 3');
    // Reloading and saving again works.
    const retry = await callApi(ctx.app, loser === first ? a.token : b.token, API.office.updateUser, {
      body: {
        id: read.id,
        name: 'Rita Sousa',
        email: 'rita@cacifo.pt',
        obs: 'Piso 3',
        updatedAt: stored.body.Data.updatedAt,
      },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.Data).toMatchObject({ email: 'rita@cacifo.pt', obs: 'Piso 3' });
  });
});
