import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  userType as userTypeCodes,
  type BulkResult,
  type UsersBulkBody,
  type UsersExportQuery,
} from '@cacifo/contract';
import type { Account } from '../../lib/account.js';
import { runBulk } from '../../lib/bulk.js';
import { AppError } from '../../lib/errors.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { seekPages } from '../../db/keyset.js';
import type { GroupsService } from './groups.service.js';
import { toLockerUser, type UsersService } from './users.service.js';
import { userCursor, usersRepository } from './users.repository.js';

/** The users list's export and bulk actions (issue #22), beside the single-user service. */
export class UsersListService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly users: UsersService,
    private readonly groups: GroupsService,
  ) {}

  /** The filtered list, in the list's order, as .xlsx or .csv (streamed; see lib/list-export.ts). */
  async export(reply: FastifyReply, q: UsersExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const filter = {
      search: q.search || undefined,
      enabled: q.enabled === undefined ? undefined : Number(q.enabled),
      userType: q.userType,
      groupId: q.groupId,
      placeId: q.placeId,
      sort: q.sort,
      order: q.order,
    };
    const db = this.app.db;
    const rows = seekPages(
      (cursor, limit) => usersRepository.chunkAfter(db, filter, cursor, limit),
      (r) => userCursor(q.sort, r),
    );
    async function* users() {
      for await (const chunk of rows) yield chunk.map(toLockerUser);
    }
    const yes = t('office.common.yes');
    const no = t('office.common.no');
    return sendExport(reply, {
      format: q.format,
      fileName: t('office.export.file'),
      sheetName: t('office.users.title'),
      chunks: users(),
      columns: [
        { header: t('office.fields.name'), value: (u) => u.name, width: 30 },
        { header: t('office.fields.number'), value: (u) => u.number, width: 12 },
        { header: t('office.fields.email'), value: (u) => u.email, width: 30 },
        { header: t('office.fields.phone_number'), value: (u) => u.phone_number, width: 16 },
        {
          header: t('office.fields.userType'),
          value: (u) => t(userTypeCodes.labelKey(u.userType)),
          width: 14,
        },
        {
          header: t('office.users.lockers'),
          value: (u) => u.lockers.map((l) => `${l.placeName} #${l.doorNumber}`).join(', '),
          width: 30,
        },
        { header: t('office.users.groups'), value: (u) => u.groups.map((g) => g.name).join(', '), width: 30 },
        { header: t('office.users.enabled'), value: (u) => (u.enabled ? yes : no), width: 10 },
      ],
    });
  }

  /** Enable, disable or add to a group each user; each row reports its own outcome. */
  async bulk(actor: Account, b: UsersBulkBody): Promise<BulkResult> {
    if (b.action === 'addToGroup') {
      const groupId = b.groupId!;
      // A missing group refuses the whole request: no row could succeed.
      if ((await usersRepository.existingIds(this.app.db, 'user_groups', [groupId])).length === 0)
        throw new AppError('notFound', { field: 'groupId' });
      return runBulk(b.ids, (id) => this.groups.authorizeGroups(actor, id, [groupId], true), this.app.log);
    }
    const enabled = b.action === 'enable' ? 1 : 0;
    return runBulk(b.ids, (id) => this.users.setEnabled(actor, id, enabled), this.app.log);
  }
}
