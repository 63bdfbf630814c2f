import type { FastifyReply } from 'fastify';
import { accessReason, doorStatus, type ActivityEvent, type ActivityExportQuery } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { activityCursor, activityListRepository } from './activity-list.repository.js';

/** The filtered door events or kiosk attempts in the list's order as .xlsx or .csv, streamed. */
export async function exportActivity(db: DbOrTx, reply: FastifyReply, q: ActivityExportQuery) {
  const t = await exportLabels(q.language);
  const { format, language: _language, ...filter } = q;
  const s = { sort: q.sort, order: q.order };
  const chunks = seekPages(
    (cursor, limit) => activityListRepository.chunkAfter(db, filter, s, cursor, limit),
    (e) => activityCursor(q.sort, e),
  );
  const x = (key: string) => t(`office.activity.${key}`);
  const who = (e: ActivityEvent) => e.userName ?? (e.userId ? `#${e.userId}` : e.adminName);
  const event = (e: ActivityEvent) => {
    if (e.doorStatus === null) return null;
    const label = doorStatus.has(e.doorStatus)
      ? t(doorStatus.labelKey(e.doorStatus as never))
      : String(e.doorStatus);
    return e.commanded ? `${label} (${x('commanded')})` : label;
  };
  const result = (e: ActivityEvent) => {
    const said = t(e.granted ? 'office.access.granted' : 'office.access.denied');
    return e.reason && accessReason.has(e.reason) ? `${said}: ${t(accessReason.labelKey(e.reason))}` : said;
  };
  const last =
    q.kind === 'access'
      ? [
          { header: x('result'), value: result, width: 36 },
          {
            header: x('credential'),
            value: (e: ActivityEvent) => (e.credential ? t(`office.fields.${e.credential}`) : null),
            width: 12,
          },
        ]
      : [{ header: x('event'), value: event, width: 26 }];
  return sendExport(reply, {
    format,
    fileName: x(q.kind === 'access' ? 'exportFileKiosk' : 'exportFileDoors'),
    sheetName: x(q.kind === 'access' ? 'kiosk' : 'doors'),
    chunks,
    columns: [
      { header: x('when'), value: (e) => e.at, width: 22 },
      { header: t('office.users.location'), value: (e) => e.placeName, width: 22 },
      { header: x('door'), value: (e) => e.doorNumber, width: 8 },
      { header: x('user'), value: who, width: 24 },
      ...last,
    ],
  });
}
