import type { DeviceCredential } from '@cacifo/contract';
import type { AccessSchedule } from '../office/access-decision.js';
import { parseWeekdays } from '../office/schedules.service.js';
import { FOREVER, type CredentialSource } from './credential-set.js';
import { scheduleWindows } from './schedule-windows.js';
import { wallCredentialsRepository as repo } from './wall-credentials.repository.js';

interface ScheduleRow {
  id: number;
  start_time: string;
  end_time: string;
  start_date: string | null;
  end_date: string | null;
  weekdays: string;
  place_id: number | null;
}
const toSchedule = (s: ScheduleRow): AccessSchedule => ({
  id: s.id,
  startTime: s.start_time,
  endTime: s.end_time,
  startDate: s.start_date,
  endDate: s.end_date,
  weekdays: parseWeekdays(s.weekdays),
  placeId: s.place_id,
});
const groupBy = <T, K>(rows: readonly T[], key: (r: T) => K) => {
  const m = new Map<K, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

/**
 * Office users at an office wall (issue #32): each active user's card and PIN (its place hash, made
 * when the PIN was last in clear) open their own lockers first, then their groups' ones, inside
 * their schedules for the next days and before their validity ends; and for each asset stored here,
 * one credential per person who may take it (its users and its groups' members), for its door,
 * inside their own schedules for it or else the asset's, used once (a retrieval).
 */
export const officeCredentials: CredentialSource = async (db, keys, placeId, now) => {
  const type = await repo.placeType(db, placeId);
  if (type !== 'OFFICE' && type !== 'ASSETS') return {};
  const lockers = await repo.officeLockers(db, placeId);
  const { assets, takers } = await repo.assetsAt(db, placeId);
  const ids = [...new Set([...lockers.own, ...lockers.shared, ...takers].map((r) => r.user_id))];
  const users = await repo.activeUsers(db, ids);
  const pins = await repo.secretHashes(db, placeId, 'pin');
  const match = new Map<number, DeviceCredential['match']>();
  const validUntil = new Map<number, number>();
  for (const u of users) {
    const m: DeviceCredential['match'] = [];
    if (u.card) m.push({ via: 'card', hash: keys.hash(placeId, 'card', u.card) });
    const pin = pins.get(`user:${u.id}`);
    if (pin) m.push({ via: 'pin', hash: pin });
    if (m.length > 0) match.set(u.id, m);
    validUntil.set(u.id, u.valid_until ? Date.parse(u.valid_until) : FOREVER);
  }
  const schedules = groupBy(await repo.userSchedules(db, [...match.keys()]), (s) => s.user_id);
  const credentials: DeviceCredential[] = [];
  const own = groupBy(lockers.own, (r) => r.user_id);
  const shared = groupBy(lockers.shared, (r) => r.user_id);
  for (const [userId, m] of match) {
    const doors = [
      ...new Set([...(own.get(userId) ?? []), ...(shared.get(userId) ?? [])].map((l) => l.door_number)),
    ];
    if (doors.length === 0) continue;
    const windows = scheduleWindows(
      (schedules.get(userId) ?? []).map(toSchedule),
      placeId,
      now,
      validUntil.get(userId)!,
    );
    if (windows.length === 0) continue;
    credentials.push({
      id: `user:${userId}`,
      kind: 'office',
      match: m,
      doors: doors.slice(0, 64),
      windows,
      oneTime: false,
    });
  }
  const rules = await repo.assetScheduleRows(
    db,
    assets.map((a) => a.id),
  );
  for (const asset of assets) {
    const general = rules.general.filter((s) => s.asset_id === asset.id).map(toSchedule);
    const people = new Set(takers.filter((t) => t.asset_id === asset.id).map((t) => t.user_id));
    for (const userId of people) {
      const m = match.get(userId);
      if (!m) continue;
      const mine = rules.own.filter((s) => s.asset_id === asset.id && s.user_id === userId).map(toSchedule);
      const windows = scheduleWindows(
        mine.length > 0 ? mine : general,
        placeId,
        now,
        validUntil.get(userId)!,
      );
      if (windows.length === 0) continue;
      credentials.push({
        id: `asset:${asset.id}:user:${userId}`,
        kind: 'asset',
        match: m,
        doors: [asset.door_number],
        windows,
        oneTime: true,
      });
    }
  }
  return { credentials };
};
