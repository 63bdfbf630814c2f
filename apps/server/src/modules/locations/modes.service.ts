import {
  ADMIN_LOG_ACTION,
  isLockerAvailable,
  tileInput,
  LOCATION_MODE,
  LOCKER_ENABLED,
  MSG_TYPE,
  type GlobalOptions,
  type GlobalOptionsReply,
  type LocationMode,
} from '@cacifo/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { doorNotOpened, type DoorOpenResult } from '../lockers/doors.service.js';
import { claimSettingsVersion, settingsVersion } from '../../db/versioned.js';
import { GLOBAL_OPTIONS_KEY, readGlobalOptions } from './global-options.js';
import { locationsRepository as repo } from './locations.repository.js';
import type { LocationsService } from './locations.service.js';

/** Door commands and location modes: everything here moves hardware, so everything is logged. */
export class ModesService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly locations: LocationsService,
  ) {}

  private get db() {
    return this.app.db;
  }

  async openLocker(actor: Account, lockerId: number): Promise<DoorOpenResult> {
    const locker = await repo.lockerById(this.db, lockerId);
    if (!locker) throw new AppError('notFound');
    const place = await repo.placeById(this.db, locker.place_id);
    const result = await this.app.doors.open(lockerId, { actor, reason: 'remoteOpen' });
    await this.db.transaction().execute((tx) =>
      writeAdminLog(tx, {
        actor,
        action: 900,
        locker: { id: lockerId, doorNumber: locker.door_number },
        place: place ? { id: place.id, name: place.name } : null,
        details: { outcome: result.outcome },
      }),
    );
    if (!result.ok) throw doorNotOpened(result);
    return result;
  }

  /**
   * Switches a location's mode. Cleaning opens only the free lockers and marks them 3 (cleaning) so
   * nobody is given one mid-clean; emergency opens every door; normal gives cleaned lockers back.
   */
  async setMode(actor: Account, placeId: number, mode: LocationMode) {
    const place = await repo.placeById(this.db, placeId);
    if (!place) throw new AppError('notFound');
    const lockers = await this.locations.lockerViews(await repo.lockersOfPlace(this.db, placeId), placeId);
    let toOpen: typeof lockers = [];
    const now = nowIso();
    if (mode === LOCATION_MODE.CLEANING) {
      toOpen = lockers.filter((l) => isLockerAvailable(tileInput(l)));
    } else if (mode === LOCATION_MODE.EMERGENCY) {
      toOpen = lockers;
    }
    await this.db.transaction().execute(async (tx) => {
      await repo.setMode(tx, placeId, mode, now);
      if (mode === LOCATION_MODE.CLEANING) {
        await repo.setEnabled(
          tx,
          toOpen.map((l) => l.id),
          LOCKER_ENABLED.CLEANING,
          now,
        );
      } else if (mode === LOCATION_MODE.NORMAL) {
        const cleaning = await repo.lockersOfPlaceWithEnabled(tx, placeId, LOCKER_ENABLED.CLEANING);
        await repo.setEnabled(tx, cleaning, LOCKER_ENABLED.ENABLED, now);
      }
    });
    const results =
      toOpen.length > 0
        ? await this.app.doors.openMany(
            placeId,
            toOpen.map((l) => ({ lockerId: l.id, doorNumber: l.doorNumber })),
            { actor, reason: mode },
          )
        : [];
    const failed = results.filter((r) => !r.ok).map((r) => r.doorNumber);
    await this.db.transaction().execute((tx) =>
      writeAdminLog(tx, {
        actor,
        action: 901,
        place: { id: place.id, name: place.name },
        details: { mode, opened: results.length - failed.length, failed },
      }),
    );
    await this.app.realtime.publish({ MsgType: MSG_TYPE.UPDATE_CAPACITY, Data: { placeId } });
    return { Place: await this.locations.place(placeId), results };
  }

  async setLockerEnabled(actor: Account, lockerId: number, enabled: 0 | 1) {
    const locker = await repo.lockerById(this.db, lockerId);
    if (!locker) throw new AppError('notFound');
    const place = await repo.placeById(this.db, locker.place_id);
    await this.db.transaction().execute(async (tx) => {
      await repo.setEnabled(tx, [lockerId], enabled, nowIso());
      await writeAdminLog(tx, {
        actor,
        action: enabled === 1 ? ADMIN_LOG_ACTION.LOCKER_ENABLED : ADMIN_LOG_ACTION.LOCKER_DISABLED,
        locker: { id: lockerId, doorNumber: locker.door_number },
        place: place ? { id: place.id, name: place.name } : null,
      });
    });
    const [view] = await this.locations.lockerViews([{ ...locker, enabled }]);
    await this.app.lockerUpdates.changed([lockerId], { capacity: true });
    return view!;
  }

  async globalOptions(): Promise<GlobalOptionsReply> {
    const [options, updatedAt] = await Promise.all([
      readGlobalOptions(this.db),
      settingsVersion(this.db, 'globalOptions'),
    ]);
    return { ...options, updatedAt };
  }

  /** A stale version (someone saved since the editor read it) is refused and nothing is written. */
  async updateGlobalOptions(
    actor: Account,
    pin: string,
    { updatedAt, ...options }: GlobalOptions & { updatedAt: string | null },
  ): Promise<GlobalOptionsReply> {
    await this.app.adminPin.verify(actor, pin);
    const saved = await this.db.transaction().execute(async (tx) => {
      const now = await claimSettingsVersion(tx, 'globalOptions', updatedAt);
      const before = await readGlobalOptions(tx);
      await repo.putSetting(tx, GLOBAL_OPTIONS_KEY, JSON.stringify(options), now);
      await writeAdminLog(tx, { actor, action: 906, details: { before, after: options } });
      return now;
    });
    this.configureControllers(options);
    return { ...options, updatedAt: saved };
  }

  /**
   * The controllers raise the left-open alert (status 11) themselves, so the threshold of the global
   * options is sent to them (retained config topic, docs/devices.md); at start and on every change.
   */
  configureControllers(options: GlobalOptions): void {
    this.app.devices.driver.configure({ leftOpenAfterMs: options.doorLeftOpenMinutes * 60_000 });
  }
}
