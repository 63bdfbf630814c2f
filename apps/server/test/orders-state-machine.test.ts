import { beforeAll, expect, it } from 'vitest';
import {
  API,
  canApplyOrderAction,
  nextOrderState,
  orderState,
  type OrderAction,
  type OrderState,
} from '@cacifo/contract';
import { hashSecret } from '../src/lib/secrets.js';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';
import { createPlace } from './helpers/fixtures.js';
import { createOrder, orderById } from './helpers/order-fixtures.js';

/** Staff routes and the contract action each one applies (cancel has two, by state). */
type StaffRoute =
  'verify' | 'store' | 'archive' | 'resendSms' | 'cancel' | 'deliverByStaff' | 'releaseLocker';
const ROUTES: Array<{ route: StaffRoute; actions: OrderAction[] }> = [
  { route: 'verify', actions: ['verify'] },
  { route: 'store', actions: ['store'] },
  { route: 'archive', actions: ['archive'] },
  { route: 'resendSms', actions: ['resendSms'] },
  { route: 'cancel', actions: ['cancelBeforeDeposit', 'cancel'] },
  { route: 'deliverByStaff', actions: ['deliverByStaff'] },
  { route: 'releaseLocker', actions: ['releaseLocker'] },
];

describeEachDb('order state machine over the staff routes', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let lockers: Array<{ id: number; door_number: number }>;
  let next = 0;
  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    await ctx.app.db
      .updateTable('admins')
      .set({ pin_hash: await hashSecret('1357') })
      .where('id', '=', admin.id)
      .execute();
    ({ lockers } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 150, sizes: ['S'] }));
  });

  /** An order put straight into `state`, holding its own locker. */
  async function orderIn(state: OrderState) {
    const o = await createOrder(ctx.app, admin.token);
    const locker = lockers[next++]!;
    await ctx.app.db
      .updateTable('orders')
      .set({
        state,
        locker_id: locker.id,
        stored_at: new Date().toISOString(),
        archived: state === 14 ? 1 : 0,
      })
      .where('id', '=', o.id)
      .execute();
    await ctx.app.db
      .updateTable('lockers')
      .set({ status: state === 1 ? 0 : 4 })
      .where('id', '=', locker.id)
      .execute();
    return o;
  }

  it('every staff route from every state: allowed ones reach the contract state, the others get stateNotAllowed', async () => {
    const seen: string[] = [];
    for (const state of orderState.values) {
      for (const { route, actions } of ROUTES) {
        const o = await orderIn(state);
        const action = actions.find((a) => canApplyOrderAction(a, state));
        // One walk over several entries: each one's path, one body shape for all.
        const res = await call<{ state: number }>(ctx.app, admin.token, {
          method: API.orders[route].method,
          url: API.orders[route].path,
          payload: route === 'releaseLocker' ? { orderId: o.id, pin: '1357' } : { orderId: o.id },
        });
        const after = await orderById(ctx.app, admin.token, o.id);
        if (!action) {
          expect([route, state, res.status, res.body.Description]).toEqual([
            route,
            state,
            422,
            'stateNotAllowed',
          ]);
          expect(after.state).toBe(state);
          expect(after.logs).toHaveLength(1);
        } else {
          expect([route, state, res.status]).toEqual([route, state, 200]);
          expect(after.state).toBe(nextOrderState(action, state));
          expect(after.logs!.at(-1)).toMatchObject({
            actionId: nextOrderState(action, state),
            action,
            fromState: state,
          });
          seen.push(`${route}:${state}`);
        }
      }
    }
    // Every staff action was exercised at least once from a state that allows it.
    for (const { route } of ROUTES) expect(seen.some((s) => s.startsWith(`${route}:`))).toBe(true);
  }, 120_000);

  it('an action refused by the state machine changes nothing else: no SMS, no locker change', async () => {
    const o = await orderIn(7);
    const before = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('order_id', '=', o.id)
      .execute();
    const res = await callApi(ctx.app, admin.token, API.orders.resendSms, { body: { orderId: o.id } });
    expect(res.body.Description).toBe('stateNotAllowed');
    const after = await ctx.app.db.selectFrom('messages').select('id').where('order_id', '=', o.id).execute();
    expect(after).toEqual(before);
  });

  it('bad bodies are refused with invalidInput before any rule runs', async () => {
    for (const payload of [{}, { orderId: 'x' }, { orderId: -1 }, { orderId: 1, pin: '12' }]) {
      // Bad bodies on purpose: untyped, to the entry's path.
      const res = await call(ctx.app, admin.token, {
        method: 'POST',
        url: API.orders.releaseLocker.path,
        payload,
      });
      expect(res.status).toBe(400);
      expect(res.body.Description).toBe('invalidInput');
    }
  });
});

describeEachDb('orders left in a door-open state', (ctx) => {
  it('settles a missed door close, and reverts an open that was never confirmed', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const { lockers } = await createPlace(ctx.app, { type: 'DELIVERY', doors: 2, sizes: ['S'] });
    const old = new Date(Date.now() - 3_600_000).toISOString();
    // Door opened for deposit and logged (3), then the close event was missed: the door reads closed.
    const a = await createOrder(ctx.app, admin.token);
    await ctx.app.db
      .updateTable('orders')
      .set({ state: 3, locker_id: lockers[0]!.id, updated_at: old })
      .where('id', '=', a.id)
      .execute();
    await ctx.app.db
      .insertInto('order_logs')
      .values({
        order_id: a.id,
        package_id: a.packageId,
        action_id: 3,
        action: 'openForDeposit',
        from_state: 2,
        state: 3,
        admin_id: null,
        admin_name: 'x',
        company: null,
        locker_id: lockers[0]!.id,
        description: null,
        created_at: old,
      })
      .execute();
    // Moved to "open with PIN" but the command never went out (no log of it).
    const b = await createOrder(ctx.app, admin.token);
    await ctx.app.db
      .updateTable('orders')
      .set({ state: 5, locker_id: lockers[1]!.id, updated_at: old })
      .where('id', '=', b.id)
      .execute();
    const { OrderActionsService } = await import('../src/modules/orders/order-actions.service.js');
    const svc = new OrderActionsService(
      {
        db: ctx.app.db,
        doors: ctx.app.doors,
        lockerUpdates: ctx.app.lockerUpdates,
        log: ctx.app.log,
        events: ctx.app.orderEvents,
      },
      ctx.app.adminPin,
    );
    expect(await svc.reconcile()).toBe(2);
    expect((await orderById(ctx.app, admin.token, a.id)).state).toBe(4);
    expect((await orderById(ctx.app, admin.token, b.id)).state).toBe(1);
    expect(await svc.reconcile()).toBe(0);
  });
});
