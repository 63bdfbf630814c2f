import {
  ACCOUNT_ACCESS_FIELDS,
  ACCOUNT_KIND,
  ROLE,
  can,
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
 * contact details of non-admin accounts, but never roles, kiosk locations, enabled state, passwords
 * or PINs ('accounts.manageAccess' in the contract; changing another's password would let it sign
 * in as that account, rebinding a kiosk moves a screen to another place, issue #31).
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

  /**
   * An edit by a caller without 'accounts.manageAccess' (the contract's permission table says who):
   * contact details only, and never of an account that holds that permission itself. A role or kiosk
   * location sent unchanged passes (the form sends what it shows); a password or PIN never does.
   */
  private async checkAccess(actor: Account, target: AdminRow, body: UpdateBody) {
    if (can(actor.role, 'accounts.manageAccess')) return;
    if (can(target.role as AccountRole, 'accounts.manageAccess')) throw new AppError('forbidden');
    const current = {
      role: target.role,
      kioskPlaceId: (await adminsRepository.kioskPlaces(this.db, [target.id])).get(target.id)?.id ?? null,
    } as Record<string, unknown>;
    const touched = ACCOUNT_ACCESS_FIELDS.filter(
      (f) => body[f] !== undefined && (!(f in current) || body[f] !== current[f]),
    );
    if (touched.length > 0) throw new AppError('forbidden');
  }

  async update(actor: Account, id: number, body: UpdateBody): Promise<AdminAccount> {
    const target = await this.target(id);
    await this.checkAccess(actor, target, body);
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
    // The route needs 'accounts.manageAccess': whoever reaches here may switch any account.
    const target = await this.target(id);
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
