import { randomBytes } from 'node:crypto';
import {
  ADMIN_LOG_ACTION,
  webhookEvent,
  WEBHOOK_RETRY_HOURS,
  type AdminLogAction,
  type DeliveryList,
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookList,
  type deliveryListQuerySchema,
  type webhookInputSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { apiKeysRepository } from '../api-keys/api-keys.repository.js';
import { WITHHELD_BY_0100 } from '../../db/migrations/0100-partner-key-clients.js';
import { checkHost, RefusedAddressError } from './address-guard.js';
import {
  webhookDeliveriesRepository as deliveryRepo,
  type DeliveryRow,
} from './webhook-deliveries.repository.js';
import { webhooksRepository as repo, type EndpointRow } from './webhooks.repository.js';

/** Whose endpoints a call may touch: one key's (the partner API), or every key's (an admin). */
export type WebhookOwner = { apiKeyId: number } | { admin: Account };

type WebhookInput = z.output<typeof webhookInputSchema>;

export function parseEvents(json: string): WebhookEvent[] {
  return (JSON.parse(json) as unknown[]).filter((e): e is WebhookEvent => webhookEvent.has(e));
}

function toWebhook(row: EndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: parseEvents(row.events),
    // A revoked key's endpoint gets nothing (subscribers() leaves it out): it never reads as active.
    status: row.api_key_revoked_at ? 'keyRevoked' : row.status,
    failingSince: row.failing_since,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
    apiKeyId: row.api_key_id,
    apiKeyName: row.api_key_name,
    apiKeyRevokedAt: row.api_key_revoked_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type as WebhookEvent,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}

/** Partners' webhook endpoints and their delivery logs, for the partner API and for admins. */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly opts: { allowPrivate: boolean },
  ) {}

  /**
   * The URL must be https and reach only public addresses (SSRF), unless WEBHOOK_ALLOW_PRIVATE
   * (development, tests). Checked again at each delivery: a name may resolve elsewhere later.
   */
  private async checkUrl(url: string) {
    if (this.opts.allowPrivate) return;
    const target = new URL(url);
    if (target.protocol !== 'https:') throw new AppError('webhookUrlRefused', { reason: 'https' });
    try {
      await checkHost(target.hostname);
    } catch (err) {
      const reason = err instanceof RefusedAddressError ? 'privateAddress' : 'unresolvable';
      throw new AppError('webhookUrlRefused', { reason });
    }
  }

  private async owned(owner: WebhookOwner, id: number): Promise<EndpointRow> {
    const row = await repo.endpoint(this.db, id);
    if (!row || ('apiKeyId' in owner && row.api_key_id !== owner.apiKeyId)) throw new AppError('notFound');
    return row;
  }

  private log(tx: Tx, owner: WebhookOwner, action: AdminLogAction, details: Record<string, unknown>) {
    // Partners' own changes are in their endpoint list; the admin log records what admins did.
    if (!('admin' in owner)) return Promise.resolve();
    return writeAdminLog(tx, { actor: owner.admin, action, details });
  }

  async create(owner: WebhookOwner, apiKeyId: number, input: WebhookInput): Promise<WebhookCreated> {
    const key = await apiKeysRepository.byId(this.db, apiKeyId);
    if (!key) throw new AppError('notFound');
    if (key.revoked_at) throw new AppError('stateNotAllowed', { revokedAt: key.revoked_at });
    await this.checkUrl(input.url);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const id = await this.db.transaction().execute(async (tx) => {
      const newId = await repo.insertEndpoint(tx, {
        api_key_id: apiKeyId,
        url: input.url,
        events: JSON.stringify(input.events),
        secret,
        created_at: nowIso(),
        created_by_name: 'admin' in owner ? owner.admin.name || owner.admin.username : `${key.name} (API)`,
      });
      await this.log(tx, owner, ADMIN_LOG_ACTION.WEBHOOK_CREATED, {
        webhookId: newId,
        apiKeyId,
        url: input.url,
      });
      return newId;
    });
    return { ...toWebhook((await repo.endpoint(this.db, id))!), secret };
  }

  async list(owner: WebhookOwner, page: { max_results: number; offset: number }): Promise<WebhookList> {
    const { rows, total } = await repo.list(this.db, {
      limit: page.max_results,
      offset: page.offset,
      ...('apiKeyId' in owner ? { apiKeyId: owner.apiKeyId } : {}),
    });
    return { webhooks: rows.map(toWebhook), total };
  }

  async remove(owner: WebhookOwner, id: number): Promise<Webhook> {
    const row = await this.owned(owner, id);
    await this.db.transaction().execute(async (tx) => {
      await repo.softDelete(tx, id, nowIso());
      await this.log(tx, owner, ADMIN_LOG_ACTION.WEBHOOK_DELETED, { webhookId: id, url: row.url });
    });
    return toWebhook(row);
  }

  async enable(owner: WebhookOwner, id: number): Promise<Webhook> {
    const row = await this.owned(owner, id);
    if (row.api_key_revoked_at) throw new AppError('stateNotAllowed', { revokedAt: row.api_key_revoked_at });
    await this.db.transaction().execute(async (tx) => {
      await repo.enable(tx, id);
      if (row.status === 'disabled') {
        await this.log(tx, owner, ADMIN_LOG_ACTION.WEBHOOK_ENABLED, { webhookId: id, url: row.url });
      }
    });
    return toWebhook((await repo.endpoint(this.db, id))!);
  }

  async deliveries(
    owner: WebhookOwner,
    id: number,
    q: z.output<typeof deliveryListQuerySchema>,
  ): Promise<DeliveryList> {
    await this.owned(owner, id);
    const { rows, total } = await deliveryRepo.deliveries(this.db, id, {
      limit: q.max_results,
      offset: q.offset,
      ...(q.status ? { status: q.status } : {}),
    });
    return { deliveries: rows.map(toDelivery), total };
  }

  /** Sends a delivery again from now (same event id), retried for another full period. */
  async redeliver(owner: WebhookOwner, id: number, deliveryId: number): Promise<WebhookDelivery> {
    const row = await this.owned(owner, id);
    const delivery = await deliveryRepo.delivery(this.db, id, deliveryId);
    // An event of another client's order, queued before keys had clients, is never sent (ADR 0100).
    if (!delivery || delivery.error === WITHHELD_BY_0100) throw new AppError('notFound');
    const now = Date.now();
    await this.db.transaction().execute(async (tx) => {
      await deliveryRepo.redeliver(
        tx,
        deliveryId,
        nowIso(new Date(now)),
        nowIso(new Date(now + WEBHOOK_RETRY_HOURS * 3_600_000)),
      );
      await this.log(tx, owner, ADMIN_LOG_ACTION.WEBHOOK_REDELIVERED, {
        webhookId: id,
        url: row.url,
        eventId: delivery.event_id,
      });
    });
    return toDelivery((await deliveryRepo.delivery(this.db, id, deliveryId))!);
  }
}
