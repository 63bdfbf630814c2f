import {
  ADMIN_LOG_ACTION,
  can,
  type AlertLocker,
  type DoorStatus,
  type LockerEnabled,
  type LockerStatus,
  type Module,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { Account } from '../../lib/account.js';
import { nowIso } from '../../db/helpers.js';
import type { LockerInfoRegistry } from '../lockers/locker-info.js';
import type { LockerRow } from '../locations/locations.repository.js';
import { AppError } from '../../lib/errors.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { ALERT_STATUSES, alertsRepository as repo } from './alerts.repository.js';

/** A store sees only its company's parcels; every other role every locker. */
const companyOf = (account: Account) => (account.role === 'store' ? (account.company ?? '') : undefined);

type Row = LockerRow & { place_name: string; place_type: string };

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

  async alerts(limit: number, offset: number) {
    const { rows, total } = await repo.alertLockers(this.db, limit, offset);
    return { alerts: await this.toAlertLockers(rows), totalAlerts: total };
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
