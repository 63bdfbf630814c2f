import type { Db } from '../../../apps/server/src/db/schema.js';
import type { Rng } from '../lib/random.js';

// What every part of the generator shares: the scale's counts, the random stream (drawn in one
// order, so a scale always writes the same data), the clock and the log.

const LARGE = {
  places: 200,
  lockersPerPlace: 100,
  lockerUsers: 100_000,
  orders: 1_000_000,
  assets: 10_000,
  assetLogs: 1_000_000,
  transactions: 200_000,
  doorEvents: 200_000,
};
export type Counts = typeof LARGE & { gridLockers: number };
/** One extra place with 1,000 lockers at both scales: the web grid benchmark opens it. */
const GRID_LOCKERS = 1_000;

export function countsFor(scale: 'small' | 'large'): Counts {
  const k = scale === 'large' ? 1 : 0.01;
  return {
    places: Math.max(2, Math.round(LARGE.places * k)),
    lockersPerPlace: LARGE.lockersPerPlace,
    lockerUsers: LARGE.lockerUsers * k,
    orders: LARGE.orders * k,
    assets: LARGE.assets * k,
    assetLogs: LARGE.assetLogs * k,
    transactions: LARGE.transactions * k,
    doorEvents: LARGE.doorEvents * k,
    gridLockers: GRID_LOCKERS,
  };
}

export const iso = (t: number) => new Date(t).toISOString();
export const DAY = 86_400_000;

export interface Fill {
  db: Db;
  r: Rng;
  n: Counts;
  /** The generator's now: the two years of data end here. */
  end: number;
  startIso: string;
  adminId: number;
  log: (message: string) => void;
}
