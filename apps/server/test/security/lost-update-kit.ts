// What the lost-update samples share: the record a sample makes, and how they call and read back.
import type { FastifyInstance } from 'fastify';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { callApi } from '../helpers/test-app.js';

export type Row = Record<string, unknown> & { id?: unknown; updatedAt: string | null };

/**
 * One record made for the suite: the path parameters of its edit (the suite sends it to the
 * endpoint under test), edit number `n`, and how to read it back.
 */
export interface EditableRecord {
  params?: Record<string, unknown>;
  /** The caller, when the record is the caller's own (the profile); else the suite's admin. */
  token?: string;
  edit: (n: number) => Record<string, unknown>;
  read: () => Promise<Row>;
}

export type Sample = (
  app: FastifyInstance,
  admin: string,
  signIn: () => Promise<string>,
) => Promise<EditableRecord>;

let seq = 0;
export const uniq = (prefix: string) => `${prefix}${Date.now() % 100_000}${++seq}`;

export async function ok<E extends Endpoint>(
  app: FastifyInstance,
  token: string,
  endpoint: E,
  input: CallInput<E>,
) {
  const r = await callApi(app, token, endpoint, input);
  if (r.status !== 200) throw new Error(`${endpoint.id}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Data;
}
/** The record `match` finds in a list that answers an array of records. */
export const find = async <E extends Endpoint>(
  app: FastifyInstance,
  token: string,
  endpoint: E,
  input: CallInput<E>,
  match: (r: Row) => boolean,
) => {
  const rows = (await ok(app, token, endpoint, input)) as unknown as Row[];
  const row = rows.find(match);
  if (!row) throw new Error(`${endpoint.id}: record not listed`);
  return row;
};

/** A client of the suite's own, read back from the clients list. */
export async function client(app: FastifyInstance, admin: string) {
  const made = await ok(app, admin, API.clients.create, { body: { name: uniq('Cliente ') } });
  const read = async () =>
    (await ok(app, admin, API.clients.list, {})).clients.find((r) => r.id === made.id)!;
  return { id: made.id, read };
}
