import type { FastifyInstance } from 'fastify';
import { ACCESS_REASON, type AccessReason, type KioskAccessReply } from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../plugins/auth.js';
import { decideAccess, type AccessDecision, type AccessSubject } from './access-decision.js';
import { pinDigest } from './office-support.js';
import { parseWeekdays } from './schedules.service.js';
import { OFFICE_PLACE_TYPE, usersRepository, type LockerUserRow } from './users.repository.js';
import { RateLimiter } from '../rate-limits/rate-limiter.js';

/** Wrong cards and PINs per kiosk screen: 4-digit PINs must not be guessable by trying them all. */
const KIOSK_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

export const accessRepository = {
  /** The place a kiosk screen account is installed at, if it is bound to one. */
  async screenPlace(db: DbOrTx, adminId: number) {
    return db
      .selectFrom('kiosk_screens as k')
      .innerJoin('places as p', 'p.id', 'k.place_id')
      .select(['p.id', 'p.type'])
      .where('k.admin_id', '=', adminId)
      .executeTakeFirst();
  },
  /** The user's own lockers and their groups' lockers. */
  async lockers(db: DbOrTx, userId: number) {
    const own = await db
      .selectFrom('user_lockers as ul')
      .innerJoin('lockers as l', 'l.id', 'ul.locker_id')
      .select(['l.id', 'l.place_id', 'l.enabled'])
      .where('ul.user_id', '=', userId)
      .execute();
    const shared = await db
      .selectFrom('user_group_members as m')
      .innerJoin('user_group_lockers as gl', 'gl.group_id', 'm.group_id')
      .innerJoin('lockers as l', 'l.id', 'gl.locker_id')
      .select(['l.id', 'l.place_id', 'l.enabled'])
      .where('m.user_id', '=', userId)
      .execute();
    return { own, shared };
  },
  /** The user's own schedules and the schedules of their groups. */
  async schedules(db: DbOrTx, userId: number) {
    const own = db
      .selectFrom('user_schedules as us')
      .innerJoin('schedules as s', 's.id', 'us.schedule_id')
      .selectAll('s')
      .where('us.user_id', '=', userId);
    const viaGroup = db
      .selectFrom('user_group_members as m')
      .innerJoin('schedules as s', 's.user_group_id', 'm.group_id')
      .selectAll('s')
      .where('m.user_id', '=', userId);
    return own.union(viaGroup).execute();
  },
  async officePlace(db: DbOrTx, placeId: number) {
    return db
      .selectFrom('places')
      .select('id')
      .where('id', '=', placeId)
      .where('type', '=', OFFICE_PLACE_TYPE)
      .executeTakeFirst();
  },
  async record(
    db: DbOrTx,
    row: {
      placeId: number;
      lockerId: number | null;
      doorNumber: number | null;
      user: { id: number; name: string } | null;
      credential: 'card' | 'pin';
      granted: boolean;
      reason: string | null;
      outcome: string | null;
      commandId: string | null;
      adminId: number | null;
    },
  ) {
    await db
      .insertInto('office_access_log')
      .values({
        place_id: row.placeId,
        locker_id: row.lockerId,
        door_number: row.doorNumber,
        user_id: row.user?.id ?? null,
        user_name: row.user?.name ?? null,
        credential: row.credential,
        granted: row.granted ? 1 : 0,
        reason: row.reason,
        outcome: row.outcome,
        command_id: row.commandId,
        admin_id: row.adminId,
        created_at: nowIso(),
      })
      .execute();
  },
};

/** Loads what the pure decision needs about one user. */
export async function loadSubject(db: DbOrTx, user: LockerUserRow): Promise<AccessSubject> {
  const [lockers, schedules] = await Promise.all([
    accessRepository.lockers(db, user.id),
    accessRepository.schedules(db, user.id),
  ]);
  return {
    enabled: user.enabled,
    status: user.status,
    validUntil: user.valid_until,
    lockers: [
      ...lockers.own.map((l) => ({ id: l.id, placeId: l.place_id, enabled: l.enabled, own: true })),
      ...lockers.shared.map((l) => ({ id: l.id, placeId: l.place_id, enabled: l.enabled, own: false })),
    ],
    schedules: schedules.map((s) => ({
      id: s.id,
      startTime: s.start_time,
      endTime: s.end_time,
      startDate: s.start_date,
      endDate: s.end_date,
      weekdays: parseWeekdays(s.weekdays),
      placeId: s.place_id,
    })),
  };
}

export class AccessService {
  private readonly db: Db;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
  }

  /** Decision for a known user, without opening anything (admin preview and the kiosk's first step). */
  async decide(userId: number, placeId: number, at: Date, lockerId?: number): Promise<AccessDecision> {
    const user = await usersRepository.findById(this.db, userId);
    if (!user) throw new AppError('notFound');
    return decideAccess(await loadSubject(this.db, user), { placeId, at, lockerId });
  }

  /**
   * The kiosk: a card or a PIN at a location. Every attempt is recorded; a refusal answers
   * accessDenied with the reason; a granted one opens the door through the device layer.
   */
  async kioskOpen(
    screen: Account,
    req: { placeId: number; card?: string; pin?: string; lockerId?: number },
  ): Promise<KioskAccessReply> {
    const credential = req.card !== undefined ? 'card' : 'pin';
    // Office kiosks serve office locations only; anything else is not a place this call knows.
    if (!(await accessRepository.officePlace(this.db, req.placeId)))
      throw new AppError('notFound', { field: 'placeId' });
    // A screen installed at an office location opens only that location's lockers.
    const bound = await accessRepository.screenPlace(this.db, screen.id);
    if (bound?.type === OFFICE_PLACE_TYPE && bound.id !== req.placeId) throw new AppError('forbidden');
    const limiter = new RateLimiter(this.db);
    const limitKey = `kiosk:office:${screen.id}`;
    if (await limiter.isBlocked(limitKey, KIOSK_FAILURE_LIMIT)) throw new AppError('tooManyAttempts');
    const user =
      req.card !== undefined
        ? await usersRepository.findByCard(this.db, req.card)
        : await usersRepository.findByPinDigest(this.db, await pinDigest(this.db, req.pin!));
    const deny = async (reason: AccessReason, who: LockerUserRow | undefined): Promise<never> => {
      await accessRepository.record(this.db, {
        placeId: req.placeId,
        lockerId: req.lockerId ?? null,
        doorNumber: null,
        user: who ? { id: who.id, name: who.name } : null,
        credential,
        granted: false,
        reason,
        outcome: null,
        commandId: null,
        adminId: screen.id,
      });
      throw new AppError('accessDenied', { reason });
    };
    if (!user) {
      await limiter.fail(limitKey, KIOSK_FAILURE_LIMIT);
      return deny(ACCESS_REASON.UNKNOWN_CREDENTIAL, undefined);
    }
    const decision = decideAccess(await loadSubject(this.db, user), {
      placeId: req.placeId,
      at: new Date(),
      lockerId: req.lockerId,
    });
    if (!decision.granted) return deny(decision.reason, user);

    const lockerId = decision.lockerIds[0]!;
    const result = await this.app.doors.open(lockerId, {
      actor: screen,
      reason: 'officeKiosk',
      userId: user.id,
    });
    await accessRepository.record(this.db, {
      placeId: req.placeId,
      lockerId,
      doorNumber: result.doorNumber,
      user: { id: user.id, name: user.name },
      credential,
      granted: true,
      reason: null,
      outcome: result.outcome,
      commandId: result.commandId,
      adminId: screen.id,
    });
    if (!result.ok) throw new AppError('doorOpenFailed', result);
    return {
      granted: true,
      userId: user.id,
      userName: user.name,
      lockerId,
      doorNumber: result.doorNumber,
      outcome: result.outcome,
    };
  }
}
