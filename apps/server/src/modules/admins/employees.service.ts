import {
  ACCOUNT_KIND,
  ROLE,
  can,
  type AccountList,
  type AdminAccount,
  type accountListQuerySchema,
  type createEmployeeSchema,
  type updateEmployeeSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { toAccount } from './account-mapper.js';
import { clientForWrite } from '../clients/clients.service.js';
import { AccountWriter } from './account-writer.js';
import { adminsRepository, effectiveKind, type AdminRow } from './admins.repository.js';

type ListQuery = z.output<typeof accountListQuerySchema>;
type CreateBody = z.output<typeof createEmployeeSchema>;
type UpdateBody = z.output<typeof updateEmployeeSchema>;

/**
 * Store accounts (/employees). An admin manages every store; the store role manages the accounts of
 * its own company only. Another store's employee reads as not found, so ids reveal nothing.
 */
export class EmployeesService {
  private readonly writer: AccountWriter;
  constructor(private readonly db: Db) {
    this.writer = new AccountWriter(db);
  }

  /** The company the caller is confined to; undefined for an admin (all of them). */
  private scope(actor: Account): string | undefined {
    if (can(actor.role, 'companies.all')) return undefined;
    if (actor.role === ROLE.STORE && actor.company) return actor.company;
    throw new AppError('forbidden');
  }

  /** The account's client (ADR 0190): an existing one in its own spelling, or made now; never a disabled one. */
  private client(actor: Account, name: string): Promise<string> {
    return this.db.transaction().execute((tx) => clientForWrite(tx, actor, name));
  }

  async list(actor: Account, q: ListQuery): Promise<AccountList> {
    const company = this.scope(actor) ?? q.company;
    const { rows, total, lowerBound } = await adminsRepository.list(
      this.db,
      {
        kinds: [ACCOUNT_KIND.EMPLOYEE],
        company: company || undefined,
        search: q.search,
        role: q.role,
        enabled: q.enabled,
      },
      { limit: q.max_results, offset: q.offset },
      { sort: q.sort, order: q.order },
    );
    return {
      accounts: rows.map((r) => toAccount(r)),
      total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
    };
  }

  private async target(actor: Account, id: number): Promise<AdminRow> {
    const company = this.scope(actor);
    const row = await adminsRepository.findById(this.db, id);
    if (!row || effectiveKind(row) !== ACCOUNT_KIND.EMPLOYEE) throw new AppError('notFound');
    if (company !== undefined && row.company !== company) throw new AppError('notFound');
    return row;
  }

  async get(actor: Account, id: number): Promise<AdminAccount> {
    return toAccount(await this.target(actor, id));
  }

  async create(actor: Account, body: CreateBody): Promise<AdminAccount> {
    const scoped = this.scope(actor);
    const named = scoped ?? body.company ?? null;
    if (!named) throw new AppError('invalidInput', { 'body.company': 'validation.required' });
    if (scoped !== undefined && body.company && body.company !== scoped) throw new AppError('forbidden');
    const company = await this.client(actor, named);
    const id = await this.writer.create(actor, {
      ...body,
      role: ROLE.STORE,
      kind: ACCOUNT_KIND.EMPLOYEE,
      company,
    });
    return this.get(actor, id);
  }

  async update(actor: Account, id: number, body: UpdateBody): Promise<AdminAccount> {
    const target = await this.target(actor, id);
    const scoped = this.scope(actor);
    if (body.company !== undefined && body.company !== target.company) {
      if (scoped !== undefined) throw new AppError('forbidden');
      if (!body.company) throw new AppError('invalidInput', { 'body.company': 'validation.required' });
      body = { ...body, company: await this.client(actor, body.company) };
    }
    await this.writer.update(actor, target, body);
    return this.get(actor, id);
  }

  async setEnabled(actor: Account, id: number, enabled: boolean): Promise<AdminAccount> {
    const target = await this.target(actor, id);
    if (target.id === actor.id) throw new AppError('ownAccount');
    await this.writer.update(actor, target, { enabled });
    return this.get(actor, id);
  }

  async remove(actor: Account, id: number): Promise<void> {
    const target = await this.target(actor, id);
    if (target.id === actor.id) throw new AppError('ownAccount');
    await this.writer.remove(actor, target);
  }
}
