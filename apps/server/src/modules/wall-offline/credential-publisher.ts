import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCredentialDelta, DeviceCredentialSet } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { LockerDriver } from '../../devices/locker-driver.js';
import { forEachYielding } from '../../lib/yielding.js';
import { doorRuntimeRepository } from '../lockers/door-runtime.repository.js';
import { buildCredentials, type CredentialSource } from './credential-set.js';
import type { PlaceKeys } from './place-keys.js';
import { wallOfflineRepository } from './wall-offline.repository.js';

/** Changes arriving together (an import, a recipient's parcels) make one new version. */
const DEBOUNCE_MS = 150;
/** Publishing races lost in a row before giving up until the next change or sweep. */
const MAX_LOST_RACES = 5;

/**
 * Keeps every controller's credential set current (docs/adr/0125): builds a place's set from the
 * database, and when it differs from the one last published, stores it under the next version
 * (compare-and-set, so of several instances one publishes) and hands the controller the delta and
 * the retained set. Callers say "this place may have changed"; a periodic sweep catches the rest
 * (time windows, daily codes, anything changed without telling).
 */
export class CredentialPublisher {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private allTimer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();
  private readonly sources: CredentialSource[] = [];

  constructor(
    private readonly db: Db,
    private readonly keys: PlaceKeys,
    private readonly driver: LockerDriver,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Each area adds what its credentials are made of (parcels, office users, assets, couriers). */
  addSource(source: CredentialSource): void {
    this.sources.push(source);
  }

  /** Soon, once for all the calls that come together; never throws. */
  schedule(placeId: number | null | undefined): void {
    if (placeId === null || placeId === undefined || this.timers.has(placeId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(placeId);
      this.track(this.refresh(placeId));
    }, DEBOUNCE_MS);
    timer.unref();
    this.timers.set(placeId, timer);
  }

  /** Every place, soon, once for all the calls that come together (a user's card, a group). */
  scheduleAll(): void {
    if (this.allTimer) return;
    this.allTimer = setTimeout(() => {
      this.allTimer = null;
      this.track(
        this.refreshAll().catch((err: unknown) => this.log.error({ err }, 'wall credentials not refreshed')),
      );
    }, DEBOUNCE_MS);
    this.allTimer.unref();
  }

  /** Every place with doors: at start and from the periodic sweep. */
  async refreshAll(): Promise<void> {
    // One place at a time, with the event loop free between them (on SQLite a sweep of 200 places
    // otherwise held every request for seconds).
    const places = (await doorRuntimeRepository.placesWithDoors(this.db)).keys();
    await forEachYielding(places, (placeId) => this.refresh(placeId));
  }

  /** Builds the place's set; publishes a new version when it changed, or the stored one when `again`. */
  async refresh(placeId: number, again = false, attempt = 0): Promise<void> {
    try {
      const content = await buildCredentials(this.db, this.keys, placeId, Date.now(), this.sources);
      const digest = createHash('sha256').update(JSON.stringify(content)).digest('hex');
      const stored = await wallOfflineRepository.publishedSet(this.db, placeId);
      if (stored?.digest === digest) {
        if (again)
          await this.driver.publishCredentials(placeId, JSON.parse(stored.body) as DeviceCredentialSet, null);
        return;
      }
      const set: DeviceCredentialSet = {
        placeId,
        version: (stored?.version ?? 0) + 1,
        keyCheck: this.keys.keyCheck(placeId),
        ...content,
        at: Date.now(),
      };
      const body = JSON.stringify(set);
      const saved = await wallOfflineRepository.savePublishedSet(this.db, placeId, stored?.version ?? null, {
        version: set.version,
        digest,
        body,
        updated_at: nowIso(),
      });
      // Someone else (another instance, or an overlapping refresh here) stored a version first. It
      // may have been built before our change committed, so look again: equal content ends it.
      if (!saved) {
        if (attempt < MAX_LOST_RACES) await this.refresh(placeId, again, attempt + 1);
        else this.log.warn({ placeId }, 'wall credentials: lost the compare-and-set too often');
        return;
      }
      const delta = stored ? deltaOf(JSON.parse(stored.body) as DeviceCredentialSet, set) : null;
      await this.driver.publishCredentials(placeId, set, delta);
    } catch (err) {
      this.log.error({ err, placeId }, 'wall credentials not published');
    }
  }

  /** Waits for refreshes in flight (tests, shutdown); scheduled ones are dropped. */
  async close(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.allTimer) clearTimeout(this.allTimer);
    this.allTimer = null;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Resolves when every scheduled refresh has run (tests). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.allTimer || this.running.size > 0) {
      await new Promise((r) => setTimeout(r, DEBOUNCE_MS));
      await Promise.allSettled([...this.running]);
    }
  }

  private track(p: Promise<void>): void {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }
}

/** What changed from one published set to the next. */
function deltaOf(before: DeviceCredentialSet, after: DeviceCredentialSet): DeviceCredentialDelta {
  const old = new Map(before.credentials.map((c) => [c.id, JSON.stringify(c)]));
  const now = new Set(after.credentials.map((c) => c.id));
  return {
    placeId: after.placeId,
    fromVersion: before.version,
    version: after.version,
    upsert: after.credentials.filter((c) => old.get(c.id) !== JSON.stringify(c)),
    revoke: before.credentials.filter((c) => !now.has(c.id)).map((c) => c.id),
    parcels: after.parcels,
    freeDoors: after.freeDoors,
    at: after.at,
  };
}
