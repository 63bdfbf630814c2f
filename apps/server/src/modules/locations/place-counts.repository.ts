import { sql, type RawBuilder } from 'kysely';
import { isLockerAvailable, isLockerInUse, tileInput, type LockerView } from '@cacifo/contract';

/** The locker columns the hardware counts read. */
interface CountedLocker {
  status: number;
  door_status: number;
  enabled: number;
}
type Column = (name: keyof CountedLocker) => RawBuilder<unknown>;

/**
 * The hardware counts of a place's card and grid header (doors open, alerts, offline, disabled),
 * written once: as SQL for a list of places (one grouped query) and as a test for the lockers of one
 * place already loaded. Available and occupied are not here: they depend on who holds a locker, and
 * have one definition of their own (lockers/locker-availability.repository.ts in SQL, the contract's
 * tile rule on loaded views; docs/adr/0070).
 */
export const PLACE_COUNT_RULES = {
  open: { sql: (c: Column) => sql`${c('door_status')} = 0`, test: (l: CountedLocker) => l.door_status === 0 },
  alerts: {
    sql: (c: Column) => sql`${c('door_status')} in (1, 3, 11)`,
    test: (l: CountedLocker) => l.door_status === 1 || l.door_status === 3 || l.door_status === 11,
  },
  offline: {
    sql: (c: Column) => sql`${c('door_status')} = 255`,
    test: (l: CountedLocker) => l.door_status === 255,
  },
  disabled: { sql: (c: Column) => sql`${c('enabled')} <> 1`, test: (l: CountedLocker) => l.enabled !== 1 },
} as const;

export type PlaceCounts = { lockers: number; available: number; occupied: number } & Record<
  keyof typeof PLACE_COUNT_RULES,
  number
>;

/** Portable conditional count of a rule over joined `lockers` rows: the same SQL on both databases. */
export const countOf = (rule: keyof typeof PLACE_COUNT_RULES) =>
  sql<number>`coalesce(sum(case when ${PLACE_COUNT_RULES[rule].sql((c) => sql.ref(`lockers.${c}`))} then 1 else 0 end), 0)`;

/** The same counts over the views of one place's lockers, already loaded (the grid). */
export function countLockers(lockers: readonly LockerView[]): PlaceCounts {
  const rows = lockers.map((l) => ({ status: l.status, door_status: l.doorStatus, enabled: l.enabled }));
  const counts = {
    lockers: lockers.length,
    available: lockers.filter((l) => isLockerAvailable(tileInput(l))).length,
    occupied: lockers.filter((l) => isLockerInUse(tileInput(l))).length,
  } as PlaceCounts;
  for (const [name, rule] of Object.entries(PLACE_COUNT_RULES))
    counts[name as keyof typeof PLACE_COUNT_RULES] = rows.filter(rule.test).length;
  return counts;
}
