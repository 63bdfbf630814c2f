import { hasPinHashes, rememberPin } from '../wall-offline/secret-hashes.js';
import type { FastifyInstance } from 'fastify';
import {
  ACCESS_REASON,
  MODULE,
  type AccessCheckQuery,
  type AccessReason,
  type KioskAccessReply,
  type KioskLockersReply,
} from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import {
  decideAccess,
  type AccessDecision,
  type AccessSchedule,
  type AccessSubject,
} from './access-decision.js';
import { accessRepository } from './access.repository.js';
import { pinDigest } from './office-support.js';
import { parseWeekdays } from './schedules.service.js';
import { OFFICE_PLACE_TYPE, usersRepository, type LockerUserRow } from './users.repository.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import { doorNotOpened } from '../lockers/doors.service.js';
import { assertPlaceInService } from '../lockers/locker-claims.js';

/** The person's own and their groups' office schedules, as the pure decision reads them. */
export async function officeSchedules(db: DbOrTx, userId: number): Promise<AccessSchedule[]> {
  const rows = await accessRepository.schedules(db, userId);
  return rows.map((s) => ({
    id: s.id,
    startTime: s.start_time,
    endTime: s.end_time,
    startDate: s.start_date,
    endDate: s.end_date,
    weekdays: parseWeekdays(s.weekdays),
    placeId: s.place_id,
  }));
}

/** Loads what the pure decision needs about one user. */
async function loadSubject(db: DbOrTx, user: LockerUserRow): Promise<AccessSubject> {
  const [lockers, schedules] = await Promise.all([
    accessRepository.lockers(db, user.id),
    officeSchedules(db, user.id),
  ]);
  return {
    enabled: user.enabled,
    status: user.status,
    validUntil: user.valid_until,
    lockers: [
      ...lockers.own.map((l) => ({ id: l.id, placeId: l.place_id, enabled: l.enabled, own: true })),
      ...lockers.shared.map((l) => ({ id: l.id, placeId: l.place_id, enabled: l.enabled, own: false })),
    ],
    schedules,
  };
}

export class AccessService {
  private readonly db: Db;
  private readonly guard: KioskGuard;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
    this.guard = new KioskGuard(app.db);
  }

  /** Decision for a known user, without opening anything (the admin's preview); `at` defaults to now. */
  async decide(q: AccessCheckQuery): Promise<AccessDecision> {
    const user = await usersRepository.findById(this.db, q.userId);
    if (!user) throw new AppError('notFound');
    return decideAccess(await loadSubject(this.db, user), {
      placeId: q.placeId,
      at: q.at ? new Date(q.at) : new Date(),
      lockerId: q.lockerId,
    });
  }

  /**
   * Who is at the kiosk: a card or a PIN at an office location this screen may serve, while the
   * place is in service. Unknown credentials count against that card's or PIN's, the screen's and the
   * place's limits (docs/adr/0130) and are recorded; `deny` records a refusal of the known person and
   * throws accessDenied with the reason.
   */
  async identify(
    screen: KioskCaller,
    req: { card?: string | undefined; pin?: string | undefined; lockerId?: number | undefined },
  ): Promise<{
    user: LockerUserRow;
    deny: (reason: AccessReason, retryAt?: string | null) => Promise<never>;
  }> {
    // kiosk.use is shared by every module's kiosk; this one exists only with the office.
    if (!this.app.config.modules.includes(MODULE.OFFICE)) throw new AppError('moduleDisabled');
    const credential = req.card !== undefined ? 'card' : 'pin';
    // The screen's own place (the auth plugin bound it), and only when it is an office location.
    if (screen.place.type !== OFFICE_PLACE_TYPE) throw new AppError('kioskNotBound');
    const placeId = screen.place.id;
    // Maintenance or emergency: the kiosk opens nothing (issue #27); the refusal says why.
    await assertPlaceInService(this.db, placeId);
    const attempt = await this.guard.begin(
      screen,
      req.card !== undefined ? 'officeCard' : 'officePin',
      req.card ?? req.pin ?? '',
    );
    const user =
      req.card !== undefined
        ? await usersRepository.findByCard(this.db, req.card)
        : await usersRepository.findByPinDigest(this.db, await pinDigest(this.db, req.pin!));
    const deny = async (
      reason: AccessReason,
      who: LockerUserRow | undefined,
      retryAt?: string | null,
    ): Promise<never> => {
      await accessRepository.record(this.db, {
        placeId,
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
      // Outside their hours: when they may come back, for the wall to say (issue #33).
      throw new AppError('accessDenied', retryAt === undefined ? { reason } : { reason, retryAt });
    };
    if (!user) return deny(ACCESS_REASON.UNKNOWN_CREDENTIAL, undefined);
    // Only unknown credentials count: a known card or PIN gives its attempt back.
    await attempt.succeeded();
    // A PIN set before walls kept their place hashes gets them the first time it is typed (issue #32).
    if (req.pin !== undefined && !(await hasPinHashes(this.db, `user:${user.id}`, placeId)))
      await rememberPin(this.db, { kind: 'user', id: user.id }, req.pin);
    return { user, deny: (reason, retryAt) => deny(reason, user, retryAt) };
  }

  /** Records a granted kiosk opening in the access log. */
  recordGranted(
    screen: KioskCaller,
    req: { card?: string | undefined },
    user: LockerUserRow,
    door: { lockerId: number; doorNumber: number; outcome: string; commandId: string | null },
  ) {
    return accessRepository.record(this.db, {
      placeId: screen.place.id,
      lockerId: door.lockerId,
      doorNumber: door.doorNumber,
      user: { id: user.id, name: user.name },
      credential: req.card !== undefined ? 'card' : 'pin',
      granted: true,
      reason: null,
      outcome: door.outcome,
      commandId: door.commandId,
      adminId: screen.id,
    });
  }

  /**
   * The office wall's 'open my locker' (issue #33): the doors this person may open here now, own
   * first, so the wall offers a choice when there are several; refusals as for opening.
   */
  async kioskLockers(screen: KioskCaller, req: { card?: string; pin?: string }): Promise<KioskLockersReply> {
    const { user, deny } = await this.identify(screen, req);
    const decision = decideAccess(await loadSubject(this.db, user), {
      placeId: screen.place.id,
      at: new Date(),
    });
    if (!decision.granted) return deny(decision.reason, decision.retryAt);
    const doors = new Map(
      (await accessRepository.doors(this.db, decision.lockerIds)).map((d) => [d.id, d.door_number]),
    );
    return {
      userId: user.id,
      userName: user.name,
      lockers: decision.lockerIds.map((lockerId) => ({ lockerId, doorNumber: doors.get(lockerId) ?? 0 })),
    };
  }

  /**
   * The kiosk: a card or a PIN at a location. Every attempt is recorded; a refusal answers
   * accessDenied with the reason; a granted one opens the door through the device layer.
   */
  async kioskOpen(
    screen: KioskCaller,
    req: { card?: string; pin?: string; lockerId?: number },
  ): Promise<KioskAccessReply> {
    const { user, deny } = await this.identify(screen, req);
    const decision = decideAccess(await loadSubject(this.db, user), {
      placeId: screen.place.id,
      at: new Date(),
      lockerId: req.lockerId,
    });
    if (!decision.granted) return deny(decision.reason, decision.retryAt);

    const lockerId = decision.lockerIds[0]!;
    const result = await this.app.doors.open(lockerId, {
      actor: screen,
      reason: 'officeKiosk',
      userId: user.id,
    });
    await this.recordGranted(screen, req, user, {
      lockerId,
      doorNumber: result.doorNumber,
      outcome: result.outcome,
      commandId: result.commandId,
    });
    if (!result.ok) throw doorNotOpened(result);
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
