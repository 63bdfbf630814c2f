import {
  ADMIN_LOG_ACTION,
  RETENTION_DAYS_DEFAULT,
  type Client,
  type ClientList,
  type clientGrantsSchema,
  type createClientSchema,
  type updateClientSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { sessionsChanged } from '../auth/session-changes.js';
import { clientsRepository, type ClientRow } from './clients.repository.js';

function toClient(row: ClientRow, placeIds: number[]): Client {
  return {
    id: Number(row.id),
    name: row.name,
    enabled: row.enabled === 1,
    retentionDays: Number(row.retention_days),
    nameClash: row.name_clash === 1,
    placeIds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const taken = () => new AppError('clientNameTaken');

/**
 * The client a new key or store account is made for (ADR 0190), inside the caller's transaction:
 * the existing client of that name whatever its case (its own spelling is used), refused when it
 * is disabled; a name no client has yet makes the client, with its own admin log row.
 */
export async function clientForWrite(tx: Tx, actor: Account, name: string): Promise<string> {
  const found = await clientsRepository.byName(tx, name.trim());
  if (found) {
    if (found.enabled !== 1) throw new AppError('clientDisabled', { client: found.name });
    return found.name;
  }
  const id = await clientsRepository.insert(tx, {
    name: name.trim(),
    retention_days: RETENTION_DAYS_DEFAULT,
    now: nowIso(),
  });
  await writeAdminLog(tx, {
    actor,
    action: ADMIN_LOG_ACTION.CLIENT_CREATED,
    details: { clientId: id, name: name.trim(), madeFor: 'first key or account of this name' },
  });
  return name.trim();
}

/** Administration > Clients (issue #31): each write in one transaction with its admin log row. */
export class ClientsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ClientList> {
    const rows = await clientsRepository.list(this.db);
    const grants = await clientsRepository.grants(this.db);
    return {
      clients: rows.map((r) =>
        toClient(
          r,
          grants.filter((g) => Number(g.client_id) === Number(r.id)).map((g) => Number(g.place_id)),
        ),
      ),
    };
  }

  async get(db: DbOrTx, id: number): Promise<Client> {
    const row = await clientsRepository.byId(db, id);
    if (!row) throw new AppError('notFound');
    const grants = await clientsRepository.grants(db, [id]);
    return toClient(
      row,
      grants.map((g) => Number(g.place_id)),
    );
  }

  async create(actor: Account, body: z.output<typeof createClientSchema>): Promise<Client> {
    return adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.CLIENT_CREATED,
      async (tx) => {
        if (await clientsRepository.byName(tx, body.name)) throw taken();
        const id = await clientsRepository.insert(tx, {
          name: body.name,
          retention_days: body.retentionDays ?? RETENTION_DAYS_DEFAULT,
          now: nowIso(),
        });
        return this.get(tx, id);
      },
      {
        log: (c) => ({ details: { clientId: c.id, name: c.name, retentionDays: c.retentionDays } }),
        onDuplicate: taken,
      },
    );
  }

  /** A rename rewrites every `company` text of the client in the same transaction (ADR 0190). */
  async update(actor: Account, id: number, body: z.output<typeof updateClientSchema>): Promise<Client> {
    let details: Record<string, unknown> = { clientId: id };
    return adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.CLIENT_UPDATED,
      async (tx) => {
        const row = await clientsRepository.byId(tx, id);
        if (!row) throw new AppError('notFound');
        const patch: { name?: string; enabled?: number; retention_days?: number; name_clash?: number } = {};
        details = { clientId: id, name: row.name };
        if (body.name !== undefined && body.name !== row.name) {
          const other = await clientsRepository.byName(tx, body.name);
          if (other && Number(other.id) !== id) throw taken();
          patch.name = body.name;
          patch.name_clash = 0;
          details.renamedTo = body.name;
        }
        if (body.enabled !== undefined && (body.enabled ? 1 : 0) !== row.enabled) {
          patch.enabled = body.enabled ? 1 : 0;
          details.enabled = body.enabled;
        }
        if (body.retentionDays !== undefined && body.retentionDays !== Number(row.retention_days)) {
          patch.retention_days = body.retentionDays;
          details.retentionDays = { from: Number(row.retention_days), to: body.retentionDays };
        }
        // Written only at the version the editor read, even when nothing differs (docs/adr/0027).
        await updateIfUnchanged(tx, 'clients', { column: 'id', value: id }, body.updatedAt, patch);
        if (patch.name !== undefined) await clientsRepository.renameCompany(tx, row.name, patch.name);
        // Signed-in accounts carry their company text and their client's state: they are read again.
        if (patch.name !== undefined || patch.enabled !== undefined) await sessionsChanged(tx);
        return this.get(tx, id);
      },
      { log: () => ({ details }), onDuplicate: taken },
    );
  }

  async setGrants(actor: Account, id: number, body: z.output<typeof clientGrantsSchema>): Promise<Client> {
    const placeIds = [...new Set(body.placeIds)].sort((a, b) => a - b);
    let before: number[] = [];
    return adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.CLIENT_GRANTS_UPDATED,
      async (tx) => {
        const client = await this.get(tx, id);
        before = client.placeIds;
        const existing = await clientsRepository.existingPlaces(tx, placeIds);
        const unknown = placeIds.filter((p) => !existing.includes(p));
        if (unknown.length > 0) throw new AppError('notFound', { placeIds: unknown });
        // The grants are part of the client's record: its version moves with them (docs/adr/0027).
        await updateIfUnchanged(tx, 'clients', { column: 'id', value: id }, body.updatedAt, {});
        await clientsRepository.setGrants(tx, id, placeIds, nowIso());
        return this.get(tx, id);
      },
      { log: (c) => ({ details: { clientId: id, name: c.name, before, after: c.placeIds } }) },
    );
  }
}
