import type { FastifyReply } from 'fastify';
import {
  assetLogAction,
  assetStatus,
  tagStatus,
  type AssetLogsExportQuery,
  type AssetLogsFilter,
  type AssetsExportQuery,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { dayRange } from '../../lib/date-range.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import type { AssetLogFilter } from './asset-filters.repository.js';
import { assetLogsRepository } from './asset-logs.repository.js';
import { assetCursor, assetListRepository, assetLogCursor } from './asset-list.repository.js';
import { toAssets, toLog } from './asset-mapper.js';

/** The repository's log filter from the list's query (the export's too): days become instants. */
export function assetLogFilter(
  q: Omit<AssetLogsFilter, 'max_results' | 'offset' | 'sort' | 'order'>,
): AssetLogFilter {
  const { createdAtInterval, ...rest } = q;
  return { ...rest, ...(createdAtInterval ? dayRange(createdAtInterval) : {}) };
}

const code =
  (codes: { has(v: unknown): boolean; labelKey(v: never): string }, t: (k: string) => string) =>
  (v: number | null) => (v !== null && codes.has(v) ? t(codes.labelKey(v as never)) : v);

/** The filtered assets in the list's order as .xlsx or .csv, streamed (lib/list-export.ts). */
export async function exportAssets(db: DbOrTx, reply: FastifyReply, q: AssetsExportQuery) {
  const t = await exportLabels(q.language);
  const { format, language: _language, sort, order, ...filter } = q;
  const s = { sort, order };
  const rows = seekPages(
    (cursor, limit) => assetListRepository.assetsAfter(db, filter, s, cursor, limit),
    (r) => assetCursor(sort, r),
  );
  async function* assets() {
    for await (const chunk of rows) yield toAssets(db, chunk);
  }
  const x = (key: string) => t(`assets.fields.${key}`);
  const status = code(assetStatus, t);
  const tag = code(tagStatus, t);
  return sendExport(reply, {
    format,
    fileName: t('assets.list.exportFile'),
    sheetName: t('assets.list.exportSheet'),
    chunks: assets(),
    columns: [
      { header: x('name'), value: (a) => a.name, width: 28 },
      { header: x('tag'), value: (a) => a.tag, width: 18 },
      { header: x('categories'), value: (a) => a.categories.map((c) => c.name).join(', '), width: 24 },
      { header: x('status'), value: (a) => status(a.status), width: 16 },
      {
        header: x('enabled'),
        value: (a) => t(a.enabled ? 'assets.common.yes' : 'assets.common.no'),
        width: 10,
      },
      { header: x('tagStatus'), value: (a) => tag(a.tagStatus), width: 14 },
      { header: x('container'), value: (a) => a.container, width: 22 },
      { header: x('groups'), value: (a) => a.groups.map((g) => g.name).join(', '), width: 22 },
      {
        header: x('warning'),
        value: (a) => (a.warning ? t(`assets.warning.${a.warning}`) : null),
        width: 18,
      },
      { header: x('createdAt'), value: (a) => a.createdAt, width: 22 },
      { header: x('statusChangeAt'), value: (a) => a.statusChangeAt, width: 22 },
    ],
  });
}

/** The filtered asset logs in the list's order as .xlsx or .csv, streamed. */
export async function exportAssetLogs(db: DbOrTx, reply: FastifyReply, q: AssetLogsExportQuery) {
  const t = await exportLabels(q.language);
  const { format, language: _language, sort, order, ...rest } = q;
  const filter = assetLogFilter(rest);
  const s = { sort, order };
  const rows = seekPages(
    (cursor, limit) => assetListRepository.logsAfter(db, filter, s, cursor, limit),
    (r) => assetLogCursor(sort, r),
  );
  async function* logs() {
    for await (const chunk of rows) {
      const lockerIds = chunk.flatMap((r) => (r.locker_id === null ? [] : [r.locker_id]));
      const places = await assetLogsRepository.placeNamesOfLockers(db, lockerIds);
      yield chunk.map((r) => toLog(r, places));
    }
  }
  const x = (key: string) => t(`assets.logs.${key}`);
  const action = code(assetLogAction, t);
  return sendExport(reply, {
    format,
    fileName: t('assets.logs.exportFile'),
    sheetName: t('assets.logs.exportSheet'),
    chunks: logs(),
    columns: [
      { header: x('date'), value: (l) => l.createdAt, width: 22 },
      { header: x('asset'), value: (l) => l.assetName, width: 26 },
      { header: x('action'), value: (l) => action(l.actionId), width: 30 },
      { header: x('who'), value: (l) => l.username ?? l.adminName, width: 22 },
      { header: t('assets.fields.place'), value: (l) => l.placeName, width: 22 },
      { header: x('door'), value: (l) => l.doorNumber, width: 8 },
      { header: x('description'), value: (l) => l.description, width: 36 },
    ],
  });
}
