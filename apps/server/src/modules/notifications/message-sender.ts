import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_CHANNEL, type MessageChannel, type MessageEvent } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { messagesRepository } from './messages.repository.js';
import { SendError, type MessageProvider } from './providers.js';

/** Retries: 30 s, 1, 2, 4... minutes (with jitter) up to an hour apart; failed after MAX_ATTEMPTS. */
const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 3_600_000;
/** How long a sender holds a message it is sending before another may take it (a crash mid-send). */
const CLAIM_MS = 60_000;
const BATCH = 50;
/** A run stops taking messages after this long, well inside its job lease (60 s); the next run goes on. */
const RUN_BUDGET_MS = 40_000;

function retryDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  // Full jitter on half the delay: retries of many messages after one outage spread out.
  return Math.round(base / 2 + (base / 2) * random);
}

/**
 * Sends what the outbox holds. One instance runs it at a time (the job runner's lease), and each
 * message is also claimed on its own (`locked_until`), so a sender that dies mid-batch leaves the
 * rest to the next one and a message is sent again only if its sender died between sending it and
 * writing so (at least once).
 */
export class MessageSender {
  constructor(
    private readonly db: Db,
    private readonly providers: Partial<Record<MessageChannel, MessageProvider>>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Channels that can send: the others' messages are "not sent: no provider". */
  get channels(): ReadonlySet<MessageChannel> {
    return new Set(Object.keys(this.providers) as MessageChannel[]);
  }

  /** Sends every message due now, batch after batch; answers how many were handled. */
  async runOnce(): Promise<number> {
    const now = nowIso();
    for (const channel of Object.values(MESSAGE_CHANNEL)) {
      // Queued while a provider was configured, and it is gone now: say so rather than wait.
      if (!this.providers[channel]) await messagesRepository.markUnsendable(this.db, channel, now);
    }
    let handled = 0;
    const stopAt = Date.now() + RUN_BUDGET_MS;
    for (;;) {
      const due = await messagesRepository.due(this.db, nowIso(), BATCH);
      if (due.length === 0) return handled;
      for (const m of due) {
        if (Date.now() > stopAt) return handled;
        const start = nowIso();
        if (!(await messagesRepository.claim(this.db, m.id, start, nowIso(new Date(Date.now() + CLAIM_MS)))))
          continue;
        handled++;
        await this.sendOne({ ...m, attempts: m.attempts + 1 });
      }
      if (due.length < BATCH) return handled;
    }
  }

  private async sendOne(m: Awaited<ReturnType<typeof messagesRepository.due>>[number]) {
    const provider = this.providers[m.channel as MessageChannel];
    const now = () => nowIso();
    if (!provider) {
      await messagesRepository.settle(this.db, m.id, {
        status: 'noProvider',
        error: null,
        nextAttemptAt: null,
        now: now(),
      });
      return;
    }
    try {
      await provider.send({
        id: m.id,
        channel: m.channel as MessageChannel,
        event: m.event as MessageEvent,
        recipient: m.recipient,
        language: m.language,
        subject: m.subject,
        body: m.body,
        orderId: m.order_id,
      });
      await messagesRepository.settle(this.db, m.id, {
        status: 'sent',
        error: null,
        nextAttemptAt: null,
        now: now(),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof SendError && err.permanent;
      const last = permanent || m.attempts >= MAX_ATTEMPTS;
      this.log.warn({ messageId: m.id, attempt: m.attempts, reason, last }, 'message not sent');
      await messagesRepository.settle(this.db, m.id, {
        status: last ? 'failed' : 'queued',
        error: reason.slice(0, 500),
        nextAttemptAt: last ? null : nowIso(new Date(Date.now() + retryDelayMs(m.attempts))),
        now: now(),
      });
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(Object.values(this.providers).map((p) => p.close?.()));
  }
}
