import { beforeAll, expect, it } from 'vitest';
import { API, SEARCH_COUNT_CAP, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi, describeEachDb, signIn } from './helpers/test-app.js';

/**
 * Totals of the order, order log and transaction lists (issue #22, ADR 0080; issue #34): exact up to
 * SEARCH_COUNT_CAP matches; above it the reply's total is the cap and `totalIsLowerBound` is true,
 * for a text search and, since issue #34, for any filter that no counts table keeps. A narrower
 * search stays exact, and so do the order filters the counts table answers (state, archive,
 * company). (The users, accounts and outbox lists are covered by their own list-kit tests.)
 */
describeEachDb('text-search totals: exact up to the cap, then a lower bound', (ctx) => {
  let token: string;
  const tag = `ST${Date.now() % 100_000}`;
  const n = SEARCH_COUNT_CAP + 3;

  const get = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) => {
    const r = await callApi(ctx.app, token, endpoint, input);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    const now = new Date().toISOString();
    const orders = Array.from({ length: n }, (_, i) => ({
      package_id: `${tag}-${String(i).padStart(5, '0')}`,
      recipient_name: '',
      recipient_email: '',
      recipient_phone: '+351910000000',
      recipient_number: '',
      state: 1,
      company: null,
      created_by: null,
      created_by_name: 'test',
      locker_id: null,
      created_at: now,
      updated_at: now,
    }));
    const transactions = Array.from({ length: n }, (_, i) => ({
      kind: 'rental',
      reference: `${tag}-${String(i).padStart(5, '0')}`,
      status: 'paid',
      method: 'mbway',
      total_cost_cents: 100,
      charged_cents: 100,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < n; i += 500) {
      const ids = await ctx.app.db
        .insertInto('orders')
        .values(orders.slice(i, i + 500))
        .returning(['id', 'package_id'])
        .execute();
      await ctx.app.db
        .insertInto('order_logs')
        .values(
          ids.map((o) => ({
            order_id: o.id,
            package_id: o.package_id,
            action_id: 1,
            action: 'create',
            from_state: null,
            state: 1,
            admin_id: null,
            admin_name: `Actor ${tag}`,
            company: null,
            locker_id: null,
            description: null,
            created_at: now,
          })),
        )
        .execute();
      await ctx.app.db
        .insertInto('transactions')
        .values(transactions.slice(i, i + 500))
        .execute();
    }
  });

  it('orders: a search past the cap answers the cap as a lower bound; a narrow one counts exactly', async () => {
    const many = await get(API.orders.list, { query: { search: tag, max_results: 10 } });
    expect(many.totalDeliveries).toBe(SEARCH_COUNT_CAP);
    expect(many.totalIsLowerBound).toBe(true);
    expect(many.deliveries).toHaveLength(10);
    // The same in any case.
    const lower = await get(API.orders.list, { query: { search: tag.toLowerCase(), max_results: 1 } });
    expect(lower.totalIsLowerBound).toBe(true);
    const narrow = await get(API.orders.list, { query: { search: `${tag}-0000`, max_results: 50 } });
    expect(narrow.totalDeliveries).toBe(10);
    expect(narrow.totalIsLowerBound).toBeUndefined();
    const all = await get(API.orders.list, { query: { state: 1, max_results: 1 } });
    expect(all.totalDeliveries).toBeGreaterThanOrEqual(n);
    expect(all.totalIsLowerBound).toBeUndefined();
    // A filter beyond the counts table (the creation day) counts up to the cap, not every order.
    const today = new Date().toISOString().slice(0, 10);
    const created = await get(API.orders.list, {
      query: { createdAtInterval: `${today}|${today}`, max_results: 1 },
    });
    expect(created.totalDeliveries).toBe(SEARCH_COUNT_CAP);
    expect(created.totalIsLowerBound).toBe(true);
  });

  it('order logs: a package id or actor search past the cap answers a lower bound', async () => {
    const byPackage = await get(API.orders.logs, { query: { packageId: tag, max_results: 10 } });
    expect(byPackage.totalLogs).toBe(SEARCH_COUNT_CAP);
    expect(byPackage.totalIsLowerBound).toBe(true);
    const byActor = await get(API.orders.logs, {
      query: { actor: `actor ${tag.toLowerCase()}`, max_results: 10 },
    });
    expect(byActor.totalIsLowerBound).toBe(true);
    const narrow = await get(API.orders.logs, { query: { packageId: `${tag}-0002`, max_results: 50 } });
    expect(narrow.totalLogs).toBe(10);
    expect(narrow.totalIsLowerBound).toBeUndefined();
  });

  it('transactions: the same cap on a text search and on any other filter', async () => {
    const many = await get(API.marketplace.transactions, { query: { search: tag, max_results: 10 } });
    expect(many.totalTransactions).toBe(SEARCH_COUNT_CAP);
    expect(many.totalIsLowerBound).toBe(true);
    const narrow = await get(API.marketplace.transactions, {
      query: { search: `${tag}-0001`, max_results: 50 },
    });
    expect(narrow.totalTransactions).toBe(10);
    expect(narrow.totalIsLowerBound).toBeUndefined();
    const all = await get(API.marketplace.transactions, { query: { method: 'mbway', max_results: 1 } });
    expect(all.totalTransactions).toBe(SEARCH_COUNT_CAP);
    expect(all.totalIsLowerBound).toBe(true);
  });
});
