import { beforeAll, expect, it } from 'vitest';
import { API, SEARCH_COUNT_CAP, type QueryOf } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn, apiRequest } from './helpers/test-app.js';

/**
 * The message outbox on the list kit (issue #22): filters (status, channel, subject, recipient,
 * days), the sort whitelist, the recipient search's total capped at SEARCH_COUNT_CAP, and the
 * export of the filtered list (its rows equal the list's, in its order).
 */
describeEachDb('message outbox list: filters, sort, capped totals, export', (ctx) => {
  let token: string;
  const tag = `${Date.now() % 100_000}`.padStart(5, '0');
  const phone = (n: number) => `+3519${tag}${String(n).padStart(3, '0')}`;

  type Query = QueryOf<typeof API.notifications.messages>;
  const list = async (query: Query) => {
    const r = await callApi(ctx.app, token, API.notifications.messages, { query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };
  const recipients = async (query: Query) =>
    (await list({ recipient: `9${tag}`, ...query })).messages.map((m) => m.recipient);

  const insert = (
    rows: {
      recipient: string;
      status: string;
      event?: string;
      channel?: string;
      day: string;
      sent?: string | null;
    }[],
  ) =>
    ctx.app.db
      .insertInto('messages')
      .values(
        rows.map((r) => ({
          order_id: null,
          event: r.event ?? 'reminder',
          channel: r.channel ?? 'sms',
          recipient: r.recipient,
          language: 'pt',
          subject: null,
          body: `Olá ${r.recipient}`,
          status: r.status,
          next_attempt_at: null,
          locked_until: null,
          error: null,
          dedupe_key: null,
          code: null,
          created_at: `${r.day}T10:00:00.000Z`,
          updated_at: `${r.day}T10:00:00.000Z`,
          sent_at: r.sent === undefined ? null : r.sent,
        })),
      )
      .execute();

  beforeAll(async () => {
    token = (await signIn(ctx.app, 'admin')).token;
    await insert([
      { recipient: phone(1), status: 'sent', day: '2026-02-01', sent: '2026-02-03T10:00:00.000Z' },
      { recipient: phone(2), status: 'failed', day: '2026-02-03', event: 'expired' },
      { recipient: phone(3), status: 'sent', day: '2026-02-02', sent: '2026-02-02T11:00:00.000Z' },
    ]);
  });

  it('filters by status, subject and days; sorts by written or sent (never sent last)', async () => {
    expect(await recipients({})).toEqual([phone(2), phone(3), phone(1)]);
    expect(await recipients({ sort: 'createdAt', order: 'asc' })).toEqual([phone(1), phone(3), phone(2)]);
    expect(await recipients({ sort: 'sentAt', order: 'desc' })).toEqual([phone(1), phone(3), phone(2)]);
    expect(await recipients({ sort: 'sentAt', order: 'asc' })).toEqual([phone(3), phone(1), phone(2)]);
    expect(await recipients({ status: 'sent' })).toEqual([phone(3), phone(1)]);
    expect(await recipients({ event: 'expired' })).toEqual([phone(2)]);
    expect(await recipients({ dateInterval: '2026-02-01|2026-02-02' })).toEqual([phone(3), phone(1)]);
    // A column outside the whitelist: the typed query cannot name it, so the URL is written out.
    const bad = await call(ctx.app, token, {
      method: 'GET',
      url: `${API.notifications.messages.path}?sort=recipient`,
    });
    expect(bad.status).toBe(400);
  });

  it('exports the filtered outbox in its order', async () => {
    const listed = await recipients({ status: 'sent', sort: 'sentAt', order: 'asc' });
    const res = await ctx.app.inject({
      ...apiRequest(API.notifications.exportMessages, {
        query: {
          recipient: `9${tag}`,
          status: 'sent',
          sort: 'sentAt',
          order: 'asc',
          format: 'csv',
          language: 'en',
        },
      }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('outbox.csv');
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(',').slice(0, 5)).toEqual(['Created', 'Event', 'Parcel', 'Channel', 'Recipient']);
    // A phone number starting with + is written as text, not as a formula.
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(listed.map((r) => `'${r}`));
    expect(lines[1]!.split(',')[7]).toBe('Sent');
  });

  it(`counts a recipient search exactly up to ${SEARCH_COUNT_CAP}, then answers a lower bound`, async () => {
    const common = `7${tag}`;
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 2 }, (_, i) => ({
      recipient: `x${common}.${i}@example.pt`,
      status: 'noProvider',
      channel: 'email',
      day: '2026-01-01',
    }));
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
    const many = await list({ recipient: `x${common}.`, max_results: 10 });
    expect(many.total).toBe(SEARCH_COUNT_CAP);
    expect(many.totalIsLowerBound).toBe(true);
    const narrow = await list({ recipient: `x${common}.77@` });
    expect(narrow.total).toBe(1);
    expect(narrow.totalIsLowerBound).toBeUndefined();
    const exact = await list({ channel: 'email', status: 'noProvider', max_results: 1 });
    expect(exact.total).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(exact.totalIsLowerBound).toBeUndefined();
  });
});
