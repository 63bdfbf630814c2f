import { insertMany } from '../lib/insert.js';
import { personName, spreadOverTwoYears } from '../lib/random.js';
import { DAY, iso, type Fill } from './fill.js';

/** Office locker users: names, cards, contacts, some with an end date (past ones already disabled). */
export async function fillLockerUsers(f: Fill) {
  const { db, r, n, end, log } = f;
  const userTimes = spreadOverTwoYears(r, n.lockerUsers, end);
  await insertMany(db, 'locker_users', n.lockerUsers, (i) => {
    const name = personName(r);
    const enabled = r.next() < 0.92 ? 1 : 0;
    const phone = `91${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
    const building = `Edifício ${r.int(1, 5)}`;
    const floor = String(r.int(0, 9));
    const validUntil = r.next() < 0.2 ? end + r.int(-60, 365) * DAY : null;
    return {
      name,
      // Past their date, as the office expiry sweep would have left them: otherwise the first
      // sweep of a run disables thousands at once and its pause lands in the measurements.
      enabled: validUntil !== null && validUntil <= end ? 0 : enabled,
      number: `E${String(i + 1).padStart(7, '0')}`,
      card: (0x10000000 + i).toString(16).toUpperCase(),
      email: `user${i + 1}@empresa.pt`,
      phone_number: phone,
      building,
      floor,
      valid_until: validUntil === null ? null : iso(validUntil),
      created_at: iso(userTimes[i]!),
      updated_at: iso(userTimes[i]!),
    };
  });
  log(`locker users ${n.lockerUsers}`);
}
