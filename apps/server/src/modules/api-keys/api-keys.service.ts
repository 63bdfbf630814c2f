import { randomBytes } from 'node:crypto';
import {
  ADMIN_LOG_ACTION,
  API_KEY_PREFIX,
  apiScope,
  can,
  type AdminLogAction,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiScope,
  type apiKeyListQuerySchema,
  type createApiKeySchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { Account, ApiKeyCaller } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { tokenHash } from '../../lib/secrets.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { clientForWrite } from '../clients/clients.service.js';
import { apiKeysRepository } from './api-keys.repository.js';

type KeyRow = NonNullable<Awaited<ReturnType<typeof apiKeysRepository.byId>>>;

/** `ck_` and 40 characters of base64url: 240 random bits, typed or pasted as one word. */
function newSecret() {
  const key = `${API_KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 8), hash: tokenHash(key) };
}

export function parseScopes(json: string): ApiScope[] {
  const list = JSON.parse(json) as unknown[];
  return list.filter((s): s is ApiScope => apiScope.has(s));
}

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    companyId: row.company ?? '',
    createdAt: row.created_at,
    createdBy: row.created_by_name,
    rotatedAt: row.rotated_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Which client a key is made for. The operator names any client (or a new one); a client's admin
 * (issue #31, ADR 0205) only its own, in its own spelling: naming another is refused, not quietly
 * corrected, so a form that meant another client does not make a key for the wrong one.
 */
function keyClient(account: Account, named: string): string {
  if (can(account.role, 'companies.all')) return named;
  const own = account.company?.trim() ?? '';
  if (!own || own.toLowerCase() !== named.trim().toLowerCase()) throw new AppError('forbidden');
  return own;
}

/**
 * The operator's admins, and each client's admin for its own client (the tenant scope confines the
 * reads and writes of a store's request), make, list, rotate and revoke partner API keys (issue #24);
 * each change is in the admin log.
 */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  private log(tx: Tx, account: Account, action: AdminLogAction, key: Pick<KeyRow, 'id' | 'name' | 'prefix'>) {
    return writeAdminLog(tx, {
      actor: account,
      action,
      details: { apiKeyId: key.id, name: key.name, prefix: key.prefix },
    });
  }

  async create(account: Account, input: z.output<typeof createApiKeySchema>): Promise<ApiKeyCreated> {
    const secret = newSecret();
    const id = await this.db.transaction().execute(async (tx) => {
      // The key's client (ADR 0190): an existing one in its own spelling, or made now; never a disabled one.
      const company = await clientForWrite(tx, account, keyClient(account, input.companyId));
      const newId = await apiKeysRepository.insert(tx, {
        name: input.name,
        prefix: secret.prefix,
        key_hash: secret.hash,
        scopes: JSON.stringify(input.scopes),
        company,
        created_by: account.id,
        created_by_name: account.name || account.username,
        created_at: nowIso(),
      });
      await this.log(tx, account, ADMIN_LOG_ACTION.API_KEY_CREATED, {
        id: newId,
        ...secret,
        name: input.name,
      });
      return newId;
    });
    return { ...(await this.get(id)), key: secret.key };
  }

  async list(account: Account, q: z.output<typeof apiKeyListQuerySchema>): Promise<ApiKeyList> {
    const { rows, total } = await apiKeysRepository.list(this.db, {
      limit: q.max_results,
      offset: q.offset,
      revoked: q.revoked,
      // A client's admin reads its own keys whatever it asks (the tenant scope narrows them anyway).
      company: can(account.role, 'companies.all') ? q.company : undefined,
    });
    return { keys: rows.map(toApiKey), total };
  }

  private async get(id: number): Promise<ApiKey> {
    const row = await apiKeysRepository.byId(this.db, id);
    if (!row) throw new AppError('notFound');
    return toApiKey(row);
  }

  /** Revoking twice is not an error: the key is revoked either way, and the first time is kept. */
  async revoke(account: Account, id: number): Promise<ApiKey> {
    await this.db.transaction().execute(async (tx) => {
      const row = await apiKeysRepository.byId(tx, id);
      if (!row) throw new AppError('notFound');
      if (await apiKeysRepository.revoke(tx, id, nowIso(), account.name || account.username)) {
        await this.log(tx, account, ADMIN_LOG_ACTION.API_KEY_REVOKED, row);
      }
    });
    return this.get(id);
  }

  /** A new secret for the same key (scopes, company and webhooks stay); the old one stops at once. */
  async rotate(account: Account, id: number): Promise<ApiKeyCreated> {
    const secret = newSecret();
    await this.db.transaction().execute(async (tx) => {
      const row = await apiKeysRepository.byId(tx, id);
      if (!row) throw new AppError('notFound');
      if (!(await apiKeysRepository.rotate(tx, id, secret, nowIso()))) {
        throw new AppError('stateNotAllowed', { revokedAt: row.revoked_at });
      }
      await this.log(tx, account, ADMIN_LOG_ACTION.API_KEY_ROTATED, { ...row, prefix: secret.prefix });
    });
    return { ...(await this.get(id)), key: secret.key };
  }

  /** The caller a bearer key belongs to, or null (unknown or revoked). */
  async caller(key: string): Promise<ApiKeyCaller | 'clientDisabled' | null> {
    const row = await apiKeysRepository.activeByHash(this.db, tokenHash(key));
    // A key belongs to a client (ADR 0100); one without (none should exist after migration 0100)
    // reaches nothing rather than everything.
    if (!row?.company) return null;
    // Its client disabled by the operator (ADR 0190): refused, and told why.
    if (row.client_enabled === 0) return 'clientDisabled';
    return { id: row.id, name: row.name, scopes: parseScopes(row.scopes), company: row.company };
  }

  /** Counts a request against the key's per-minute limit; the seconds to wait when over it, else 0. */
  async hit(id: number, perMinute: number, now = Date.now()): Promise<number> {
    const windowStart = Math.floor(now / 60_000) * 60_000;
    const count = await apiKeysRepository.hit(
      this.db,
      id,
      nowIso(new Date(windowStart)),
      nowIso(new Date(now)),
    );
    return count > perMinute ? Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000)) : 0;
  }
}
