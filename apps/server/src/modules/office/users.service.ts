import { rememberPin } from '../wall-offline/secret-hashes.js';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_LOG_ACTION,
  type LockerUser,
  type LockerUserFields,
  type UpdateUserBody,
  type UsersFilter,
  type UserStatus,
  type UserType,
  type UsersReply,
} from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { hasPendingTransactions, pinDigest, refreshUsers } from './office-support.js';
import { readRelations } from './user-relations.repository.js';
import { usersRepository, type LockerUserWithRelations } from './users.repository.js';

function toColumns(f: LockerUserFields) {
  return {
    name: f.name,
    login: f.login,
    number_prefix: f.numberPrefix,
    number: f.number,
    email: f.email,
    phone_number: f.phone_number,
    nif: f.nif,
    obs: f.obs,
    card_number: f.card_number,
    ccms: f.ccms,
    name_ccms: f.name_ccms,
    building: f.building,
    floor: f.floor,
    project: f.project,
    invoice: f.invoice,
    country: f.country,
    status: f.status,
    user_type: f.userType,
    valid_until: f.validUntil,
    ...(f.card === undefined ? {} : { card: f.card }),
  };
}

/** Rows (read with their relations, `user-relations.repository.ts`) to the SPEC §3 shape. */
export function toLockerUser(r: LockerUserWithRelations): LockerUser {
  const { lockers, groups, schedules, assets } = readRelations(r);
  return {
    id: r.id,
    enabled: r.enabled ? 1 : 0,
    name: r.name,
    number: r.number,
    card_number: r.card_number,
    ccms: r.ccms,
    name_ccms: r.name_ccms,
    phone_number: r.phone_number,
    numberPrefix: r.number_prefix,
    login: r.login,
    building: r.building,
    floor: r.floor,
    project: r.project,
    invoice: r.invoice,
    nif: r.nif,
    email: r.email,
    card: r.card,
    pin: r.pin_digest ? '****' : null,
    obs: r.obs,
    status: r.status as UserStatus,
    validUntil: r.valid_until,
    userType: r.user_type as UserType,
    country: r.country,
    lockers,
    assets,
    groups,
    schedules,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export class UsersService {
  private readonly db: Db;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
  }

  private toUser(r: LockerUserWithRelations): LockerUser {
    return toLockerUser(r);
  }

  async list(q: UsersFilter): Promise<UsersReply> {
    const { rows, total, lowerBound } = await usersRepository.list(this.db, {
      limit: q.max_results,
      offset: q.offset,
      search: q.search || undefined,
      enabled: q.enabled === undefined ? undefined : Number(q.enabled),
      userType: q.userType,
      groupId: q.groupId,
      placeId: q.placeId,
      sort: q.sort,
      order: q.order,
    });
    return {
      users: rows.map((r) => this.toUser(r)),
      totalUsers: total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  async get(id: number): Promise<LockerUser> {
    const row = await usersRepository.findWithRelations(this.db, id);
    if (!row) throw new AppError('notFound');
    return this.toUser(row);
  }

  private async assertNumberFree(number: string | null, exceptId: number | null) {
    if (!number) return;
    const other = await usersRepository.findByNumber(this.db, number);
    if (other && other.id !== exceptId) throw new AppError('userExists', { field: 'number' });
  }

  /** Writes the change and its admin log in one transaction; maps a lost unique race to its code. */
  private async write<T>(fn: (tx: Tx) => Promise<T>, uniqueCode: 'userExists' | 'cardAssigned' | 'L41') {
    try {
      return await this.db.transaction().execute(fn);
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (/unique|duplicate/i.test(String((err as Error).message))) throw new AppError(uniqueCode);
      throw err;
    }
  }

  async create(actor: Account, f: LockerUserFields): Promise<LockerUser> {
    await this.assertNumberFree(f.number, null);
    await this.assertCardFree(f.card, null);
    const now = nowIso();
    const id = await this.write(async (tx) => {
      const id = await usersRepository.insert(tx, {
        ...toColumns(f),
        enabled: 1,
        created_at: now,
        updated_at: now,
      });
      await writeAdminLog(tx, { actor, action: ADMIN_LOG_ACTION.USER_CREATED, user: { id, name: f.name } });
      if (f.card) await this.logCard(tx, actor, { id, name: f.name }, f.card);
      return id;
    }, 'userExists');
    refreshUsers(this.app, [id]);
    return this.get(id);
  }

  /** PUT api/julian/user: the fields, the card or the PIN, as the body says (contract). */
  put(actor: Account, body: UpdateUserBody): Promise<LockerUser> {
    if (body.kind === 'pin') return this.setPin(actor, body.id, body.pin);
    if (body.kind === 'card') return this.setCard(actor, body.id, body.card);
    const { kind: _, id, updatedAt, ...fields } = body;
    return this.update(actor, id, fields, updatedAt);
  }

  /**
   * Updates the fields. `expectedUpdatedAt` is what the editor read: two admins editing one user
   * cannot silently overwrite each other, the later save is refused with staleVersion.
   */
  async update(
    actor: Account,
    id: number,
    f: LockerUserFields,
    expectedUpdatedAt: string,
  ): Promise<LockerUser> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    await this.assertNumberFree(f.number, id);
    await this.assertCardFree(f.card, id);
    await this.write(async (tx) => {
      await updateIfUnchanged(
        tx,
        'locker_users',
        { column: 'id', value: id },
        expectedUpdatedAt,
        toColumns(f),
      );
      await writeAdminLog(tx, { actor, action: ADMIN_LOG_ACTION.USER_UPDATED, user: { id, name: f.name } });
      if (f.card !== undefined && f.card !== row.card)
        await this.logCard(tx, actor, { id, name: f.name }, f.card);
    }, 'userExists');
    refreshUsers(this.app, [id]);
    return this.get(id);
  }

  /** A card opens one person's lockers: another user's card is refused (cardAssigned). */
  private async assertCardFree(card: string | null | undefined, exceptId: number | null) {
    if (!card) return;
    const other = await usersRepository.findByCard(this.db, card);
    if (other && other.id !== exceptId) throw new AppError('cardAssigned', { field: 'card' });
  }

  private logCard(tx: Tx, actor: Account, user: { id: number; name: string }, card: string | null) {
    return writeAdminLog(tx, {
      actor,
      action: ADMIN_LOG_ACTION.USER_CARD_UPDATED,
      user,
      details: { cleared: card === null },
    });
  }

  async setCard(actor: Account, id: number, card: string | null): Promise<LockerUser> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    await this.assertCardFree(card, id);
    await this.write(async (tx) => {
      await usersRepository.update(tx, id, { card, updated_at: nowIso() });
      await this.logCard(tx, actor, { id, name: row.name }, card);
    }, 'cardAssigned');
    refreshUsers(this.app, [id]);
    return this.get(id);
  }

  /** A PIN identifies its user at the kiosk, so two users cannot share one (L41); null removes it. */
  async setPin(actor: Account, id: number, pin: string | null): Promise<LockerUser> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    const digest = pin === null ? null : await pinDigest(this.db, pin);
    if (digest !== null) {
      const other = await usersRepository.findByPinDigest(this.db, digest);
      if (other && other.id !== id) throw new AppError('L41');
    }
    await this.write(async (tx) => {
      await usersRepository.update(tx, id, { pin_digest: digest, updated_at: nowIso() });
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.USER_PIN_UPDATED,
        user: { id, name: row.name },
        ...(digest === null ? { details: { cleared: true } } : {}),
      });
    }, 'L41');
    // In clear only now: office walls check it alone with its place hashes (issue #32).
    await rememberPin(this.db, { kind: 'user', id }, pin);
    refreshUsers(this.app, [id]);
    return this.get(id);
  }

  async setEnabled(actor: Account, id: number, enabled: 0 | 1): Promise<LockerUser> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    await this.db.transaction().execute(async (tx) => {
      await usersRepository.update(tx, id, { enabled, updated_at: nowIso() });
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.USER_UPDATED,
        user: { id, name: row.name },
        details: { enabled },
      });
    });
    refreshUsers(this.app, [id]);
    return this.get(id);
  }

  async remove(actor: Account, id: number): Promise<null> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    if (await hasPendingTransactions(this.db, row)) throw new AppError('pendingTransactions');
    await this.db.transaction().execute(async (tx) => {
      await usersRepository.delete(tx, id);
      await writeAdminLog(tx, { actor, action: ADMIN_LOG_ACTION.USER_DELETED, user: { id, name: row.name } });
    });
    refreshUsers(this.app, [id]);
    return null;
  }

  /** The validUntil sweep: disables users whose date has passed, each with its log row. */
  async disableExpired(now = nowIso()): Promise<number[]> {
    const due = await usersRepository.dueToExpire(this.db, now);
    if (due.length === 0) return [];
    const disabled: number[] = [];
    await this.db.transaction().execute(async (tx) => {
      for (const u of due) {
        // Still enabled and still past its date inside this transaction: an edit in between wins.
        if (!(await usersRepository.disableIfExpired(tx, u.id, now))) continue;
        await writeAdminLog(tx, {
          actor: null,
          action: ADMIN_LOG_ACTION.USER_UPDATED,
          user: u,
          details: { enabled: 0, reason: 'validUntil' },
        });
        disabled.push(u.id);
      }
    });
    if (disabled.length > 0) refreshUsers(this.app, disabled);
    return disabled;
  }
}
