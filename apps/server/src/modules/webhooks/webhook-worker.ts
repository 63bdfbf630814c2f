import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_LOG_ACTION, WEBHOOK_RETRY_HOURS } from '@cacifo/contract';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { sendWebhook, type SendOptions, type SendResult } from './webhook-sender.js';
import {
  webhookDeliveriesRepository as deliveryRepo,
  type ClaimedDelivery,
} from './webhook-deliveries.repository.js';
import { webhooksRepository as repo } from './webhooks.repository.js';

export interface WorkerOptions extends SendOptions {
  /** How often each instance looks for due deliveries. */
  pollMs: number;
  /** The first retry's delay; each next one doubles (capped at an hour), with jitter. */
  retryBaseMs: number;
}

/**
 * A claim lasts twice the longest attempt (the timeout); a claim left by an instance that died
 * lapses after it, and another instance sends the delivery.
 */
const LEASE_TIMEOUTS = 2;
const BATCH = 10;
const MAX_DELAY_MS = 60 * 60_000;
/** An endpoint failing without a single success for this long is disabled. */
const DISABLE_AFTER_MS = WEBHOOK_RETRY_HOURS * 3_600_000;

/** Exponential backoff with jitter: base x 2^(attempt-1), capped, times a random 0.5-1.5. */
function retryDelay(attempt: number, baseMs: number, random = Math.random()): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_DELAY_MS);
  return Math.round(exp * (0.5 + random));
}

/**
 * Sends the webhook outbox: on every instance, claims due deliveries with a lease (so each goes
 * out from one instance at a time, and a dead instance's claims lapse to another), POSTs them
 * signed, records each attempt, retries with backoff for 24 hours, then marks them failed. An
 * endpoint that has not succeeded for 24 hours is disabled and the admins are told.
 */
export class WebhookWorker {
  readonly owner = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WorkerOptions,
  ) {}

  start() {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: claims and sends until nothing is due. Overlapping calls share the pass. */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .catch((err: unknown) => this.log.error({ err }, 'webhooks: delivery pass failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async pass() {
    while (!this.stopped) {
      const now = Date.now();
      const claimed = await deliveryRepo.claim(this.db, {
        owner: this.owner,
        now: nowIso(new Date(now)),
        leaseUntil: nowIso(new Date(now + this.opts.timeoutMs * LEASE_TIMEOUTS)),
        limit: BATCH,
      });
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.deliver(d)));
    }
  }

  private async deliver(d: ClaimedDelivery) {
    const result = await sendWebhook(d.url, d.payload, { eventId: d.event_id, secret: d.secret }, this.opts);
    await this.record(d, result);
  }

  private async record(d: ClaimedDelivery, r: SendResult) {
    const now = Date.now();
    const at = nowIso(new Date(now));
    const attempt = d.attempts + 1;
    const giveUp = !r.ok && now >= Date.parse(d.give_up_at);
    const next = r.ok || giveUp ? null : nowIso(new Date(now + retryDelay(attempt, this.opts.retryBaseMs)));
    await this.db.transaction().execute(async (tx) => {
      await deliveryRepo.recordAttempt(tx, d.id, this.owner, {
        status: r.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
        at,
        next,
        responseCode: r.status,
        durationMs: r.durationMs,
        error: r.error,
      });
      if (r.ok) {
        await repo.endpointSucceeded(tx, d.endpoint_id);
        return;
      }
      const failingSince = await repo.endpointFailed(tx, d.endpoint_id, at);
      if (failingSince && now - Date.parse(failingSince) >= DISABLE_AFTER_MS) {
        if (await repo.disable(tx, d.endpoint_id, at)) await this.tellAdmins(tx, d, failingSince, at);
      }
    });
    if (!r.ok)
      this.log.warn({ delivery: d.id, status: r.status, error: r.error }, 'webhooks: delivery failed');
  }

  /** An endpoint was disabled: an admin log row, and an SMS to every notifiable admin with a phone. */
  private async tellAdmins(tx: Tx, d: ClaimedDelivery, since: string, at: string) {
    await writeAdminLog(tx, {
      actor: null,
      action: ADMIN_LOG_ACTION.WEBHOOK_DISABLED,
      details: { webhookId: d.endpoint_id, url: d.url, failingSince: since },
    });
    const admins = await repo.notifiableAdmins(tx);
    const body = `Cacifo: o webhook ${d.url} falhou durante 24 h e foi desativado. Veja Administração > Integrações.`;
    await repo.queueSms(
      tx,
      admins.flatMap((a) => (a.phone ? [{ phone: a.phone, body, now: at }] : [])),
    );
    this.log.error(
      { webhook: d.endpoint_id, url: d.url },
      'webhooks: endpoint disabled after 24 h of failures',
    );
  }
}
