import {
  ACCOUNT_KIND,
  ROLE,
  SCREEN_ROLES,
  STAFF_ROLES,
  type AccountKind,
  type AccountList,
  type AccountRole,
  type AdminAccount,
  type CreateAdminRequest,
  type UpdateAdminRequest,
  type accountListQuerySchema,
  type createAdminSchema,
  type updateAdminSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { toAccount } from './account-mapper.js';
import { AccountWriter } from './account-writer.js';
import { adminsRepository, effectiveKind, type AdminRow } from './admins.repository.js';

type ListQuery = z.output<typeof accountListQuerySchema>;
type CreateBody = z.output<typeof createAdminSchema> & CreateAdminRequest;
type UpdateBody = z.output<typeof updateAdminSchema> & UpdateAdminRequest;

const ADMIN_KINDS = [ACCOUNT_KIND.STAFF, ACCOUNT_KIND.SCREEN] as const;

function rolesOf(kind: AccountKind): readonly AccountRole[] {
  return kind === ACCOUNT_KIND.SCREEN ? SCREEN_ROLES : STAFF_ROLES;
}

/**
 * Staff and screen accounts (/admins). Admins do everything; an editor sees the list and edits the
 * contact details of non-admin accounts, but never roles, passwords or PINs (DECISIONS.md: an
 * editor cannot create, delete or change roles of admins; changing another's password would let
 * it sign in as that account).
 */
export class AdminsService {
  private readonly writer: AccountWriter;
  constructor(private readonly db: Db) {
    this.writer = new AccountWriter(db);
  }

  async list(q: ListQuery): Promise<AccountList> {
    const { rows, total, lowerBound } = await adminsRepository.list(
      this.db,
      {
        kinds: q.kind ? [q.kind] : ADMIN_KINDS,
        search: q.search,
        company: q.company,
        role: q.role,
        enabled: q.enabled,
      },
      { limit: q.max_results, offset: q.offset },
      { sort: q.sort, order: q.order },
    );
    const places = await adminsRepository.kioskPlaces(
      this.db,
      rows.filter((r) => r.role === ROLE.SCREEN).map((r) => r.id),
    );
    return {
      accounts: rows.map((r) => toAccount(r, places.get(r.id))),
      total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  private async target(id: number): Promise<AdminRow> {
    const row = await adminsRepository.findById(this.db, id);
    if (!row || !(ADMIN_KINDS as readonly string[]).includes(effectiveKind(row)))
      throw new AppError('notFound');
    return row;
  }

  async get(id: number): Promise<AdminAccount> {
    const row = await this.target(id);
    return toAccount(row, (await adminsRepository.kioskPlaces(this.db, [id])).get(id));
  }

  /** A kiosk's location must exist: the answer names the field, as the form shows it. */
  private async checkKioskPlace(placeId: number | null | undefined) {
    if (placeId != null && !(await adminsRepository.placeExists(this.db, placeId)))
      throw new AppError('invalidInput', { 'body.kioskPlaceId': 'validation.invalid' });
  }

  async create(actor: Account, body: CreateBody): Promise<AdminAccount> {
    await this.checkKioskPlace(body.kioskPlaceId);
    const id = await this.writer.create(actor, { ...body, company: null });
    return this.get(id);
  }

  /** What an editor may not do to `target`; admins pass. */
  private checkEditor(actor: Account, target: AdminRow, body: Partial<UpdateBody>) {
    if (actor.role !== ROLE.EDITOR) return;
    if (target.role === ROLE.ADMIN && target.id !== actor.id) throw new AppError('forbidden');
    const touchesSecrets = body.password !== undefined || body.pin !== undefined;
    const changesRole = body.role !== undefined && body.role !== target.role;
    if (touchesSecrets || changesRole) throw new AppError('forbidden');
  }

  async update(actor: Account, id: number, body: UpdateBody): Promise<AdminAccount> {
    const target = await this.target(id);
    this.checkEditor(actor, target, body);
    if (body.role !== undefined && body.role !== target.role) {
      if (!rolesOf(effectiveKind(target)).includes(body.role)) {
        throw new AppError('invalidInput', { 'body.role': 'validation.role' });
      }
      // An admin demoting itself could leave nobody able to manage admins.
      if (target.id === actor.id) throw new AppError('ownAccount');
    }
    if (body.kioskPlaceId != null && (body.role ?? target.role) !== ROLE.SCREEN)
      throw new AppError('invalidInput', { 'body.kioskPlaceId': 'validation.kioskPlaceRole' });
    await this.checkKioskPlace(body.kioskPlaceId);
    await this.writer.update(actor, target, body);
    return this.get(id);
  }

  async setEnabled(actor: Account, id: number, enabled: boolean): Promise<AdminAccount> {
    const target = await this.target(id);
    this.checkEditor(actor, target, {});
    if (target.id === actor.id) throw new AppError('ownAccount');
    await this.writer.update(actor, target, { enabled });
    return this.get(id);
  }

  async remove(actor: Account, id: number): Promise<void> {
    const target = await this.target(id);
    if (target.id === actor.id) throw new AppError('ownAccount');
    await this.writer.remove(actor, target);
  }
}
