import type { FastifyInstance } from 'fastify';
import { ADMIN_LOG_ACTION, type GroupsFilter, type UserGroup, type UserGroupsReply } from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { readGlobalOptions, reservationExpiry } from '../locations/global-options.js';
import { claimLockers } from '../lockers/locker-claims.js';
import { refreshUsers } from './office-support.js';
import { groupsRepository } from './groups.repository.js';
import { usersRepository } from './users.repository.js';

type GroupRow = NonNullable<Awaited<ReturnType<typeof groupsRepository.findById>>>;
interface GroupFields {
  name: string;
  description: string | null;
  lockerIds: number[];
}

/** Two saves of one name racing past the check meet the unique index: the check's answer. */
const nameTaken = () => new AppError('conflict', { field: 'name' });

function group<T extends { groupId: number | null }>(rows: T[]) {
  const m = new Map<number, Omit<T, 'groupId'>[]>();
  for (const { groupId, ...rest } of rows) {
    if (groupId === null) continue;
    m.set(groupId, [...(m.get(groupId) ?? []), rest]);
  }
  return m;
}

export class GroupsService {
  private readonly db: Db;
  constructor(private readonly app: FastifyInstance) {
    this.db = app.db;
  }

  private async hydrate(rows: GroupRow[]): Promise<UserGroup[]> {
    const ids = rows.map((r) => r.id);
    const [lockers, members, schedules] = await Promise.all([
      groupsRepository.lockersOf(this.db, ids),
      groupsRepository.membersOf(this.db, ids),
      groupsRepository.schedulesOf(this.db, ids),
    ]);
    const l = group(lockers);
    const m = group(members);
    const s = group(schedules);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      lockers: l.get(r.id) ?? [],
      users: m.get(r.id) ?? [],
      schedules: s.get(r.id) ?? [],
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async list(q: GroupsFilter): Promise<UserGroupsReply> {
    const { rows, total } = await groupsRepository.list(this.db, q);
    return { groups: await this.hydrate(rows), totalGroups: total };
  }

  async get(id: number): Promise<UserGroup> {
    const row = await groupsRepository.findById(this.db, id);
    if (!row) throw new AppError('notFound');
    return (await this.hydrate([row]))[0]!;
  }

  private async validate(f: GroupFields, exceptId: number | null) {
    const same = await groupsRepository.findByName(this.db, f.name);
    if (same && same.id !== exceptId) throw nameTaken();
    const lockerIds = [...new Set(f.lockerIds)];
    const office = await usersRepository.officeLockerIds(this.db, lockerIds);
    if (office.length !== lockerIds.length) throw new AppError('notFound', { field: 'lockerIds' });
    return lockerIds;
  }

  async create(actor: Account, f: GroupFields): Promise<UserGroup> {
    const lockerIds = await this.validate(f, null);
    const log = (groupId: number) => ({ details: { groupId, name: f.name, lockerIds } });
    const id = await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.USER_GROUP_CREATED,
      async (tx) => {
        // A shared locker is given like any other: only an available one (docs/adr/0070).
        await claimLockers(tx, lockerIds, nowIso());
        const id = await groupsRepository.insert(tx, f.name, f.description, nowIso());
        await groupsRepository.setLockers(tx, id, lockerIds);
        return id;
      },
      { log, onDuplicate: nameTaken },
    );
    return this.get(id);
  }

  async update(actor: Account, id: number, f: GroupFields & { updatedAt: string }): Promise<UserGroup> {
    if (!(await groupsRepository.findById(this.db, id))) throw new AppError('notFound');
    const lockerIds = await this.validate(f, id);
    const log = { details: { groupId: id, name: f.name, lockerIds } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.USER_GROUP_UPDATED,
      async (tx) => {
        // First, so a stale edit is refused before any locker is claimed.
        await updateIfUnchanged(tx, 'user_groups', { column: 'id', value: id }, f.updatedAt, {
          name: f.name,
          description: f.description,
        });
        const current = await groupsRepository.groupLockerIds(tx, id);
        await claimLockers(
          tx,
          lockerIds.filter((l) => !current.includes(l)),
          nowIso(),
        );
        await groupsRepository.setLockers(tx, id, lockerIds);
      },
      { log, onDuplicate: nameTaken },
    );
    const g = await this.get(id);
    refreshUsers(
      this.app,
      g.users.map((u) => u.id),
    );
    return g;
  }

  async remove(actor: Account, id: number): Promise<null> {
    const g = await this.get(id);
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.USER_GROUP_DELETED,
      (tx) => groupsRepository.delete(tx, id),
      {
        log: { details: { groupId: id, name: g.name } },
      },
    );
    refreshUsers(
      this.app,
      g.users.map((u) => u.id),
    );
    return null;
  }

  /** Shared checks of the user link calls: the user exists and so does every linked id. */
  private async linkTarget(userId: number, table: 'user_groups' | 'schedules', ids: number[]) {
    const user = await usersRepository.findById(this.db, userId);
    if (!user) throw new AppError('notFound', { field: 'userId' });
    const unique = [...new Set(ids)];
    const found = await usersRepository.existingIds(this.db, table, unique);
    if (found.length !== unique.length)
      throw new AppError('notFound', { missing: unique.filter((i) => !found.includes(i)) });
    return { user, ids: unique };
  }

  /** One user change: the link rows and the admin log (11) commit together. */
  private async userChange(
    actor: Account,
    user: { id: number; name: string },
    details: Record<string, unknown>,
    change: (tx: Tx) => Promise<void>,
  ) {
    await this.db.transaction().execute(async (tx) => {
      await change(tx);
      await writeAdminLog(tx, { actor, action: ADMIN_LOG_ACTION.USER_UPDATED, user, details });
    });
    refreshUsers(this.app, [user.id]);
  }

  async authorizeGroups(actor: Account, userId: number, groupIds: number[], on: boolean) {
    const { user, ids } = await this.linkTarget(userId, 'user_groups', groupIds);
    await this.userChange(actor, user, { [on ? 'authorizedGroups' : 'unauthorizedGroups']: ids }, (tx) =>
      on
        ? groupsRepository.addMembers(tx, userId, ids, nowIso())
        : groupsRepository.removeMembers(tx, userId, ids),
    );
    return null;
  }

  async linkSchedules(actor: Account, userId: number, scheduleIds: number[], on: boolean) {
    const { user, ids } = await this.linkTarget(userId, 'schedules', scheduleIds);
    await this.userChange(actor, user, { [on ? 'addedSchedules' : 'removedSchedules']: ids }, (tx) =>
      on
        ? groupsRepository.addUserSchedules(tx, userId, ids, nowIso())
        : groupsRepository.removeUserSchedules(tx, userId, ids),
    );
    return null;
  }

  /** Assigns or unassigns office lockers; an assignment may carry an expiry for the locker. */
  async linkLockers(
    actor: Account,
    userId: number,
    lockerIds: number[],
    on: boolean,
    expiresAt: string | null = null,
  ) {
    const user = await usersRepository.findById(this.db, userId);
    if (!user) throw new AppError('notFound', { field: 'userId' });
    const ids = [...new Set(lockerIds)];
    const office = await usersRepository.officeLockerIds(this.db, ids);
    if (office.length !== ids.length) throw new AppError('notFound', { field: 'lockerIds' });
    await this.userChange(
      actor,
      user,
      { [on ? 'assignedLockers' : 'unassignedLockers']: ids },
      async (tx) => {
        if (on) {
          // Only an available locker is given (SPEC §4, docs/adr/0070); the user's own stay theirs.
          const current = await groupsRepository.userLockerIds(tx, userId);
          const fresh = ids.filter((l) => !current.includes(l));
          await claimLockers(tx, fresh, nowIso());
          await groupsRepository.addUserLockers(tx, userId, ids, nowIso());
          if (expiresAt) {
            await groupsRepository.setLockerExpiry(tx, ids, expiresAt, nowIso());
          } else {
            // No end date given: a new assignment lasts the reservation length of the global options
            // (null when 0, which also clears an expiry left on the free locker by its last holder).
            const until = reservationExpiry(await readGlobalOptions(tx), new Date());
            if (fresh.length > 0) await groupsRepository.setLockerExpiry(tx, fresh, until, nowIso());
          }
        } else {
          await groupsRepository.removeUserLockers(tx, userId, ids);
        }
      },
    );
    return null;
  }
}
