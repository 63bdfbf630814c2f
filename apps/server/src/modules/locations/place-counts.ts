import { sql, type RawBuilder } from 'kysely';

/** The locker columns the counts read. */
interface CountedLocker {
  status: number;
  door_status: number;
  enabled: number;
}
type Column = (name: keyof CountedLocker) => RawBuilder<unknown>;

/**
 * What each count of a place's card and grid header counts, written once: as SQL for a list of
 * places (one grouped query) and as a test for the lockers of one place already loaded (the grid
 * reads them anyway, so its counts cost no query).
 */
export const PLACE_COUNT_RULES = {
  free_status: { sql: (c: Column) => sql`${c('status')} = 0`, test: (l: CountedLocker) => l.status === 0 },
  occupied: { sql: (c: Column) => sql`${c('status')} <> 0`, test: (l: CountedLocker) => l.status !== 0 },
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

export type PlaceCounts = { lockers: number } & Record<keyof typeof PLACE_COUNT_RULES, number>;

/** Portable conditional count of a rule over joined `lockers` rows: the same SQL on both databases. */
export const countOf = (rule: keyof typeof PLACE_COUNT_RULES) =>
  sql<number>`coalesce(sum(case when ${PLACE_COUNT_RULES[rule].sql((c) => sql.ref(`lockers.${c}`))} then 1 else 0 end), 0)`;

/** The same counts over lockers already loaded. */
export function countLockers(lockers: readonly CountedLocker[]): PlaceCounts {
  const counts = { lockers: lockers.length } as PlaceCounts;
  for (const [name, rule] of Object.entries(PLACE_COUNT_RULES))
    counts[name as keyof typeof PLACE_COUNT_RULES] = lockers.filter(rule.test).length;
  return counts;
}
