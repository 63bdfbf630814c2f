import { createHash } from 'node:crypto';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { kioskAttemptsRepository as repo, type KioskAttemptRow } from './kiosk-attempts.repository.js';
import type { WaitData } from './rate-limiter.js';

/** The kinds of code a kiosk takes; each has its own counters, so a flood of one leaves the others. */
export type KioskCodeKind =
  | 'officePin'
  | 'officeCard'
  | 'pickupCode'
  | 'pickupQr'
  | 'courierPin'
  | 'carrierCode'
  | 'rentalCode'
  | 'returnCode';

/**
 * A growing delay: the first `free` failures in the window cost nothing; each one after holds the
 * key back `firstMs`, then twice as long each time, up to `maxMs`, counted from that failure.
 */
export interface Backoff {
  free: number;
  windowMs: number;
  firstMs: number;
  maxMs: number;
}

const SEC = 1000;
const MIN = 60 * SEC;
/**
 * The same wrong code again slows whoever retypes it (an old code, a neighbour's guess); someone
 * else's code is another key and answers at once.
 */
export const INPUT_BACKOFF: Backoff = { free: 2, windowMs: 15 * MIN, firstMs: 15 * SEC, maxMs: 5 * MIN };
/**
 * One screen: ten wrong codes are people mistyping; past them each wrong code holds this kind of
 * code at the screen a little longer, never more than two minutes after the last wrong one.
 */
export const SCREEN_BACKOFF: Backoff = { free: 10, windowMs: 10 * MIN, firstMs: 5 * SEC, maxMs: 2 * MIN };
/**
 * A whole place (every screen at the wall), per kind, in an hour: the backstop against guessing
 * from several screens at once, sized by how guessable the code is (4 digits, 6, 8, a card or a QR).
 */
const PLACE_FREE: Record<KioskCodeKind, number> = {
  officePin: 60,
  courierPin: 60,
  pickupCode: 200,
  rentalCode: 200,
  carrierCode: 200,
  returnCode: 200,
  officeCard: 300,
  pickupQr: 300,
};
const placeBackoff = (kind: KioskCodeKind): Backoff => ({
  free: PLACE_FREE[kind],
  windowMs: 60 * MIN,
  firstMs: MIN,
  maxMs: 15 * MIN,
});

/** How long a key is held after its `failures`-th failure in the window (0: not at all). */
export function holdAfter(rule: Backoff, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.firstMs * 2 ** Math.min(failures - rule.free - 1, 30), rule.maxMs);
}

interface Taken {
  key: string;
  personal: boolean;
  before: KioskAttemptRow;
  after: KioskAttemptRow;
}

/** An attempt counted before its code is looked at; a right code gives it back. */
export interface KioskAttempt {
  succeeded(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Wrong codes at the kiosks, counted per credential rather than per screen (docs/adr/0130): the
 * typed input, the screen and the place, each per kind of code. An attempt is counted, and the
 * hold its failure would earn is set, before the code is evaluated, inside one transaction that
 * locks the rows: concurrent guesses see each other, and a guess during a hold is refused without
 * being looked at. A right code then takes its attempt and hold back (and clears its input's).
 */
export class KioskGuard {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async begin(screen: KioskCaller, kind: KioskCodeKind, input: string): Promise<KioskAttempt> {
    const placeId = screen.place.id;
    const digest = createHash('sha256').update(`${kind}:${placeId}:${input}`).digest('hex').slice(0, 32);
    const keys: [string, Backoff, boolean][] = [
      [`kiosk:${kind}:input:${placeId}:${digest}`, INPUT_BACKOFF, true],
      [`kiosk:${kind}:screen:${screen.id}`, SCREEN_BACKOFF, false],
      [`kiosk:${kind}:place:${placeId}`, placeBackoff(kind), false],
    ];
    const now = this.clock();
    const at = iso(now);
    const result = await this.db.transaction().execute(async (tx) => {
      const rows = [];
      for (const [key, rule, personal] of keys)
        rows.push({ row: await repo.lock(tx, key, at), rule, personal });
      // Held anywhere: refused without counting, so waiting it out costs the next person nothing.
      const until = Math.max(0, ...rows.map(({ row }) => Date.parse(row.blocked_until ?? '') || 0));
      if (until > now) return { until, taken: null };
      const taken: Taken[] = [];
      for (const { row, rule, personal } of rows) {
        const fresh = Date.parse(row.window_start) > now - rule.windowMs;
        const failures = (fresh ? row.failures : 0) + 1;
        const hold = holdAfter(rule, failures);
        const after: KioskAttemptRow = {
          key: row.key,
          failures,
          window_start: fresh ? row.window_start : at,
          blocked_until: hold > 0 ? iso(now + hold) : null,
        };
        await repo.save(tx, after);
        taken.push({ key: row.key, personal, before: row, after });
      }
      return { until: 0, taken };
    });
    if (!result.taken) {
      const ms = Math.max(SEC, result.until - now);
      const data: WaitData = { retryAfter: Math.ceil(ms / SEC), minutes: Math.ceil(ms / MIN) };
      throw new AppError('tooManyAttempts', data);
    }
    const taken = result.taken;
    return { succeeded: () => this.giveBack(taken) };
  }

  /** A right code: its own input starts again, the shared counts and holds go back to before it. */
  private async giveBack(taken: Taken[]) {
    await this.db.transaction().execute(async (tx) => {
      for (const t of taken) {
        if (t.personal) {
          await repo.clear(tx, t.key);
          continue;
        }
        const row = await repo.lock(tx, t.key, t.after.window_start);
        // Another attempt may have moved the row since: give back one, and our hold only if it stands.
        await repo.save(tx, {
          key: t.key,
          failures: Math.max(0, row.failures - 1),
          window_start: row.window_start,
          blocked_until:
            row.blocked_until === t.after.blocked_until ? t.before.blocked_until : row.blocked_until,
        });
      }
    });
  }

  /** Rows whose window and hold are over (a periodic job). */
  prune(): Promise<void> {
    const now = this.clock();
    return repo.prune(this.db, iso(now - 60 * MIN), iso(now));
  }
}
