import {
  DEFAULT_LOCATION_TYPE,
  DEFAULT_PICKUP_RULES,
  MESSAGE_EVENT,
  type PickupRules,
} from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { notificationSettingsRepository } from './notification-settings.repository.js';

const HOUR = 3_600_000;

/** The saved rules per location type; the built-in default when none were saved. */
export async function loadRules(db: DbOrTx): Promise<PickupRules[]> {
  const rows = await notificationSettingsRepository.rules(db);
  const rules = rows.map((r) => ({
    locationType: r.location_type,
    pickupHours: r.pickup_hours,
    reminderHours: r.reminder_hours
      .split(',')
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b),
    lastDayHours: r.last_day_hours,
  }));
  return rules.some((r) => r.locationType === DEFAULT_LOCATION_TYPE)
    ? rules
    : [DEFAULT_PICKUP_RULES, ...rules];
}

/** The rules of a place's location type, else the default ones. */
export function rulesFor(rules: PickupRules[], locationType: string | null | undefined): PickupRules {
  return (
    rules.find((r) => r.locationType === locationType) ??
    rules.find((r) => r.locationType === DEFAULT_LOCATION_TYPE) ??
    DEFAULT_PICKUP_RULES
  );
}

export function expiryOf(rules: PickupRules, storedAt: string): string {
  return new Date(Date.parse(storedAt) + rules.pickupHours * HOUR).toISOString();
}

type NoticeKind = typeof MESSAGE_EVENT.REMINDER | typeof MESSAGE_EVENT.LAST_DAY | 'expire';
export interface Notice {
  kind: NoticeKind;
  at: string;
  /** Which reminder (its hours), or '' for the others. */
  slot: string;
  /** Unique per order and notice: a notice is written once however often the job looks. */
  key: string;
}

/**
 * What happens to a stored parcel and when: each reminder (hours after the deposit), the last-day
 * warning (hours before expiry) and the expiry itself, in time order. Notices that would fall at or
 * after the expiry are dropped; the expiry is always last.
 */
export function noticePlan(
  orderId: number,
  rules: PickupRules,
  storedAt: string,
  expiresAt: string,
): Notice[] {
  const stored = Date.parse(storedAt);
  const expires = Date.parse(expiresAt);
  const notices: Notice[] = rules.reminderHours.map((h) => ({
    kind: MESSAGE_EVENT.REMINDER,
    at: new Date(stored + h * HOUR).toISOString(),
    slot: String(h),
    key: `reminder:${orderId}:${h}`,
  }));
  if (rules.lastDayHours > 0) {
    notices.push({
      kind: MESSAGE_EVENT.LAST_DAY,
      at: new Date(expires - rules.lastDayHours * HOUR).toISOString(),
      slot: '',
      key: `lastDay:${orderId}:`,
    });
  }
  return [
    ...notices
      .filter((n) => Date.parse(n.at) < expires && Date.parse(n.at) > stored)
      .sort((a, b) => (a.at < b.at ? -1 : 1)),
    { kind: 'expire', at: expiresAt, slot: '', key: `expire:${orderId}:` },
  ];
}

/** The time of the first notice after `now` (the expiry at the latest). */
export function nextNoticeAt(plan: Notice[], now: string): string {
  return (plan.find((n) => n.at > now) ?? plan.at(-1)!).at;
}
