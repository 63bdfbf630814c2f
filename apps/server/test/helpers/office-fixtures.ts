import { expect } from 'vitest';
import { API, type LockerUserFieldsInput } from '@cacifo/contract';
import { callApi, type TestContext } from './test-app.js';

// What the office suites (office-*.test.ts) share: unique values, a locker user, its admin log.

let seq = 0;
/** Digits no other call of this file has used: names, internal numbers, cards and PINs are unique. */
export const uniq = () => `${Date.now() % 1_000_000}${++seq}`;

/** The admin log's actions about one locker user, oldest first. */
export async function adminLogs(ctx: TestContext, userId: number) {
  const rows = await ctx.app.db
    .selectFrom('admin_logs')
    .select('action')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** Creates a locker user through the API (a unique name); fails the test when it is refused. */
export async function createUser(
  ctx: TestContext,
  token: string,
  extra: Partial<LockerUserFieldsInput> = {},
) {
  const r = await callApi(ctx.app, token, API.office.createUser, {
    body: {
      id: 0,
      name: `Ana ${uniq()}`,
      login: 'ana',
      numberPrefix: 'PT',
      email: 'ana@cacifo.pt',
      nif: '123456789',
      obs: '',
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Data;
}
