import {
  ADMIN_LOG_ACTION,
  can,
  doorStatus,
  lockerStatus,
  type AlertExportQuery,
  type AlertListQuery,
  type AlertLocker,
  type DoorStatus,
  type LockerEnabled,
  type LockerStatus,
  type Module,
} from '@cacifo/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/schema.js';
import { seekPages } from '../../db/keyset.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import type { Account } from '../../lib/account.js';
import { nowIso } from '../../db/helpers.js';
import type { LockerInfoRegistry } from '../lockers/locker-info.js';
import type { LockerRow } from '../locations/locations.repository.js';
import { AppError } from '../../lib/errors.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { ALERT_STATUSES, alertsRepository as repo } from './alerts.repository.js';
import { alertCursor, alertListQueries, type AlertFilter } from './alert-list.repository.js';

/** A store sees only its company's parcels; every other role every locker. */
const companyOf = (account: Account) => (account.role === 'store' ? (account.company ?? '') : undefined);

type Row = LockerRow & { place_name: string; place_type: string };

/** The repository's filter from the list's query (the export's too): days become instants. */
function filterOf(q: Omit<AlertExportQuery, 'format' | 'language' | 'sort' | 'order'>): AlertFilter {
  return {
    placeId: q.placeId,
    doorStatus: q.doorStatus,
    acknowledged: q.acknowledged,
    from: q.sinceInterval && `${q.sinceInterval.from}T00:00:00.000Z`,
    to: q.sinceInterval && `${q.sinceInterval.to}T23:59:59.999Z`,
  };
}

/** Alerts, open doors and expired lockers: what the sidebar badges and the alerts screen show. */
export class AlertsService {
  constructor(
    private readonly db: Db,
    private readonly lockerInfo: LockerInfoRegistry,
    private readonly modules: readonly Module[],
  ) {}

  private async toAlertLockers(rows: Row[]): Promise<AlertLocker[]> {
    const ids = rows.map((r) => r.id);
    const [info, acks] = await Promise.all([
      this.lockerInfo.lookup(this.db, ids),
      repo.acknowledgements(this.db, ids),
    ]);
    const ackOf = new Map(acks.map((a) => [a.locker_id, a]));
    return rows.map((r) => ({
      id: r.id,
      location_id: r.place_id,
      location_name: r.place_name,
      place_id: r.place_id,
      place_name: r.place_name,
      users: info.get(r.id)?.locker_users ?? [],
      doorNumber: r.door_number,
      doorStatus: r.door_status as DoorStatus,
      doorStatusUpdatedAt: r.door_status_updated_at,
      accessibility: r.accessibility === 1,
      expiration_date_time: r.expiration_date_time,
      status: r.status as LockerStatus,
      size: r.size,
      enabled: r.enabled as LockerEnabled,
      acknowledged: ackOf.has(r.id)
        ? {
            by: ackOf.get(r.id)!.admin_name,
            at: ackOf.get(r.id)!.acknowledged_at,
            note: ackOf.get(r.id)!.note,
          }
        : null,
    }));
  }

  /**
   * Acknowledges the alert under way (issue #27): who, when and a note, in the admin log too. The
   * door status stays the hardware's: a jam stays an alert until the controller reports it closed.
   */
  async acknowledge(actor: Account, lockerId: number, note: string | undefined): Promise<AlertLocker> {
    const row = await repo.lockerWithPlace(this.db, lockerId);
    if (!row) throw new AppError('notFound');
    if (!ALERT_STATUSES.includes(row.door_status) || !row.door_status_updated_at)
      throw new AppError('notInAlert');
    const now = nowIso();
    await this.db.transaction().execute(async (tx) => {
      await repo.acknowledge(tx, {
        locker_id: lockerId,
        alert_since: row.door_status_updated_at!,
        door_status: row.door_status,
        admin_id: actor.id,
        admin_name: actor.name || actor.username,
        note: note || null,
        acknowledged_at: now,
      });
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.ALERT_ACKNOWLEDGED,
        locker: { id: lockerId, doorNumber: row.door_number },
        place: { id: row.place_id, name: row.place_name },
        details: { doorStatus: row.door_status, note: note || null },
      });
    });
    const [view] = await this.toAlertLockers([row]);
    return view!;
  }

  /** The /alerts list: filtered and sorted on the server (issue #22), paged. */
  async alerts(q: AlertListQuery) {
    const { rows, total } = await alertListQueries.page(
      this.db,
      filterOf(q),
      { sort: q.sort, order: q.order },
      { limit: q.max_results, offset: q.offset },
    );
    return { alerts: await this.toAlertLockers(rows), totalAlerts: total };
  }

  /** The filtered alerts in the list's order as .xlsx or .csv, streamed in keyset chunks. */
  async export(reply: FastifyReply, q: AlertExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const f = filterOf(q);
    const s = { sort: q.sort, order: q.order };
    const toViews = this.toAlertLockers.bind(this);
    const db = this.db;
    async function* chunks() {
      const pages = seekPages(
        (cursor, limit) => alertListQueries.chunkAfter(db, f, s, cursor, limit),
        (r) => alertCursor(s.sort, r),
      );
      for await (const rows of pages) yield await toViews(rows);
    }
    const x = (key: string) => t(`alerts.${key}`);
    const label = (codes: typeof doorStatus | typeof lockerStatus, v: number) =>
      codes.has(v) ? t(codes.labelKey(v as never)) : v;
    return sendExport<AlertLocker>(reply, {
      format: q.format,
      fileName: x('export.file'),
      sheetName: x('export.sheet'),
      chunks: chunks(),
      columns: [
        { header: x('table.location'), value: (a) => a.place_name, width: 24 },
        { header: x('table.door'), value: (a) => a.doorNumber, width: 8 },
        { header: x('table.size'), value: (a) => a.size, width: 8 },
        { header: x('table.doorStatus'), value: (a) => label(doorStatus, a.doorStatus), width: 24 },
        { header: x('table.since'), value: (a) => a.doorStatusUpdatedAt, width: 22 },
        { header: x('table.status'), value: (a) => label(lockerStatus, a.status), width: 16 },
        { header: x('table.users'), value: (a) => a.users.map((u) => u.name).join(', '), width: 30 },
        { header: x('export.ackBy'), value: (a) => a.acknowledged?.by ?? null, width: 20 },
        { header: x('export.ackAt'), value: (a) => a.acknowledged?.at ?? null, width: 22 },
        { header: x('export.ackNote'), value: (a) => a.acknowledged?.note ?? null, width: 40 },
      ],
    });
  }

  async alertCount() {
    const counts = await repo.doorCounts(this.db);
    return { count: (counts.get(1) ?? 0) + (counts.get(3) ?? 0) + (counts.get(11) ?? 0) };
  }

  async notClosed() {
    return this.toAlertLockers(await repo.notClosed(this.db));
  }

  async openedOrAlertCount() {
    const counts = await repo.doorCounts(this.db);
    const opened = counts.get(0) ?? 0;
    const alerts = (counts.get(1) ?? 0) + (counts.get(3) ?? 0) + (counts.get(11) ?? 0);
    return { opened, alerts, total: opened + alerts };
  }

  /** A store counts only the lockers holding its own company's parcels (issue #20). */
  async expiredCounts(account: Account) {
    const counts = await repo.expiredCounts(this.db, nowIso(), companyOf(account));
    return { office: counts.get('OFFICE') ?? 0, delivery: counts.get('DELIVERY') ?? 0 };
  }

  /** SPEC: Data.office and Data.delivery, each a list keyed by location name. */
  async expired(company?: string) {
    const rows = await repo.expired(this.db, nowIso(), company);
    const views = await this.toAlertLockers(rows);
    const office: Record<string, AlertLocker[]> = {};
    const delivery: Record<string, AlertLocker[]> = {};
    views.forEach((l, i) => {
      const type = rows[i]!.place_type;
      const target = type === 'DELIVERY' ? delivery : type === 'OFFICE' ? office : null;
      if (target) (target[l.place_name] ??= []).push(l);
    });
    return { office, delivery };
  }

  /** The expired lockers a role may see: each half only to roles that may see that area's lockers. */
  async expiredFor(account: Account) {
    const role = account.role;
    const all = await this.expired(companyOf(account));
    return {
      office: can(role, 'office.view', this.modules) ? all.office : {},
      delivery: can(role, 'orders.view', this.modules) ? all.delivery : {},
    };
  }
}
