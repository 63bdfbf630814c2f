import {
  ROLE,
  type Usage,
  type UsageRow,
  type usageExportQuerySchema,
  type usageQuerySchema,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { toNumber } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { clientsRepository } from './clients.repository.js';
import { COUNTED, usageRepository } from './usage.repository.js';

type Query = z.output<typeof usageQuerySchema>;
type ExportQuery = z.output<typeof usageExportQuerySchema>;

/** [first instant of the month, first instant of the next), UTC. */
function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(y, m - 1, 1)).toISOString(), new Date(Date.UTC(y, m, 1)).toISOString()];
}

/** A client's month per location (issue #31): its admin reads its own, the operator chooses one. */
export class UsageService {
  constructor(private readonly db: Db) {}

  private async client(account: Account, clientId: number | undefined) {
    if (account.role === ROLE.STORE) {
      // A client's admin reads its own client, whatever id it sends.
      const own = account.company ? await clientsRepository.byName(this.db, account.company) : undefined;
      if (!own || own.name !== account.company) throw new AppError('notFound');
      return own;
    }
    if (clientId === undefined)
      throw new AppError('invalidInput', { 'query.clientId': 'validation.required' });
    const row = await clientsRepository.byId(this.db, clientId);
    if (!row) throw new AppError('notFound');
    return row;
  }

  async usage(account: Account, q: Query): Promise<Usage> {
    const client = await this.client(account, q.clientId);
    const [from, to] = monthRange(q.month);
    const byPlace = new Map<number, UsageRow & { dwellMs: number; dwellN: number }>();
    const row = (placeId: number, placeName: string) => {
      let r = byPlace.get(placeId);
      if (!r) {
        r = {
          placeId,
          placeName,
          deposits: 0,
          pickups: 0,
          expired: 0,
          returned: 0,
          averageDwellHours: null,
          dwellMs: 0,
          dwellN: 0,
        };
        byPlace.set(placeId, r);
      }
      return r;
    };
    for (const t of await usageRepository.transitions(this.db, client.name, from, to)) {
      const r = row(Number(t.place_id), t.name);
      const n = toNumber(t.n);
      const state = Number(t.state);
      for (const key of ['deposits', 'pickups', 'expired', 'returned'] as const) {
        if ((COUNTED[key] as readonly number[]).includes(state)) r[key] += n;
      }
    }
    for (const p of await usageRepository.pickups(this.db, client.name, from, to)) {
      const r = byPlace.get(Number(p.place_id));
      const ms = Date.parse(p.picked_up_at!) - Date.parse(p.stored_at!);
      if (!r || !(ms >= 0)) continue;
      r.dwellMs += ms;
      r.dwellN += 1;
    }
    const rows = [...byPlace.values()]
      .map(({ dwellMs, dwellN, ...r }) => ({
        ...r,
        averageDwellHours: dwellN > 0 ? Math.round((dwellMs / dwellN / 3_600_000) * 10) / 10 : null,
      }))
      .sort((a, b) => a.placeName.localeCompare(b.placeName) || a.placeId - b.placeId);
    return { clientId: Number(client.id), clientName: client.name, month: q.month, rows };
  }

  /** The same month as .xlsx or .csv (lib/list-export.ts): one row per location. */
  async exportUsage(reply: FastifyReply, account: Account, q: ExportQuery): Promise<FastifyReply> {
    const usage = await this.usage(account, q);
    const t = await exportLabels(q.language);
    const x = (key: string) => t(`clients.usage.${key}`);
    async function* chunks() {
      yield usage.rows;
    }
    return sendExport(reply, {
      format: q.format,
      fileName: `${x('file')}-${usage.clientName}-${usage.month}`,
      sheetName: x('title'),
      chunks: chunks(),
      columns: [
        { header: x('place'), value: (r) => r.placeName, width: 28 },
        { header: x('deposits'), value: (r) => r.deposits, width: 12 },
        { header: x('pickups'), value: (r) => r.pickups, width: 12 },
        { header: x('expired'), value: (r) => r.expired, width: 12 },
        { header: x('returned'), value: (r) => r.returned, width: 12 },
        { header: x('dwell'), value: (r) => r.averageDwellHours, width: 18 },
      ],
    });
  }
}
