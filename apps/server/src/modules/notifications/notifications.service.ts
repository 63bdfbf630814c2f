import {
  ADMIN_LOG_ACTION,
  DEFAULT_LOCATION_TYPE,
  MESSAGE_CHANNEL,
  messageChannel,
  messageEvent,
  messageStatus,
  type MessageChannel,
  type MessagesExportQuery,
  type MessagesFilter,
  type MessageList,
  type MessagePreview,
  type MessageTemplatesReply,
  type OutboxMessage,
  type PickupSettings,
  type PickupSettingsReply,
  type ReturnsReply,
  type ContentLanguage,
  type MessageEvent,
  type MessageStatus,
  type messageTemplateInputSchema,
  type returnsQuerySchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { seekPages } from '../../db/keyset.js';
import { dayRange } from '../../lib/date-range.js';
import { exportLabels } from '../../lib/export-labels.js';
import { sendExport } from '../../lib/list-export.js';
import { claimSettingsVersion, settingsVersion } from '../../db/versioned.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { companyScope } from '../orders/order-access.js';
import { messageCursor, messagesRepository, type MessageFilter } from './messages.repository.js';
import { notificationSettingsRepository } from './notification-settings.repository.js';
import { loadRules } from './pickup-rules.js';
import { returnsRepository } from './returns.repository.js';
import { htmlOf, loadTemplates, render, sampleVars, smsSegments, usedVariables } from './templates.js';

type MessageRow = NonNullable<Awaited<ReturnType<typeof messagesRepository.findById>>>;

function toOutbox(r: MessageRow): OutboxMessage {
  return {
    id: r.id,
    orderId: r.order_id,
    packageId: r.package_id ?? null,
    channel: r.channel as MessageChannel,
    event: r.event as MessageEvent,
    recipient: r.recipient,
    language: r.language as ContentLanguage,
    subject: r.subject,
    body: r.body,
    status: r.status as MessageStatus,
    error: r.error,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  };
}

/** The repository's filter from the outbox list's query (the export's too). */
function messageFilter(
  q: Pick<MessagesFilter, 'status' | 'channel' | 'event' | 'orderId' | 'recipient' | 'dateInterval'>,
): MessageFilter {
  return {
    status: q.status,
    channel: q.channel,
    event: q.event,
    orderId: q.orderId,
    recipient: q.recipient,
    ...(q.dateInterval ? dayRange(q.dateInterval) : {}),
  };
}

/** Admin tools' messages (outbox, templates, pickup rules) and the return list. */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly channels: () => ReadonlySet<MessageChannel>,
    private readonly publicUrl: string,
    /** Wakes the sender after a retry, so it does not wait for its next round. */
    private readonly wake: () => void,
  ) {}

  async messages(q: MessagesFilter): Promise<MessageList> {
    const { rows, total, lowerBound } = await messagesRepository.page(
      this.db,
      messageFilter(q),
      q.max_results,
      q.offset,
      { sort: q.sort, order: q.order },
    );
    const channels = this.channels();
    return {
      messages: rows.map(toOutbox),
      total,
      ...(lowerBound ? { totalIsLowerBound: true } : {}),
      providers: { sms: channels.has(MESSAGE_CHANNEL.SMS), email: channels.has(MESSAGE_CHANNEL.EMAIL) },
    };
  }

  /** The filtered outbox in the list's order as .xlsx or .csv, streamed (lib/list-export.ts). */
  async exportMessages(reply: FastifyReply, q: MessagesExportQuery): Promise<FastifyReply> {
    const t = await exportLabels(q.language);
    const f = messageFilter(q);
    const s = { sort: q.sort, order: q.order };
    const db = this.db;
    const pages = seekPages(
      (cursor, limit) => messagesRepository.chunkAfter(db, f, s, cursor, limit),
      (r) => messageCursor(q.sort, r),
    );
    async function* messages() {
      for await (const chunk of pages) yield chunk.map(toOutbox);
    }
    const x = (key: string) => t(`admins.tools.${key}`);
    return sendExport(reply, {
      format: q.format,
      fileName: x('outboxFile'),
      sheetName: x('outbox'),
      chunks: messages(),
      columns: [
        { header: x('created'), value: (m) => m.createdAt, width: 22 },
        { header: x('event'), value: (m) => t(messageEvent.labelKey(m.event)), width: 20 },
        { header: x('package'), value: (m) => m.packageId, width: 18 },
        { header: x('channel'), value: (m) => t(messageChannel.labelKey(m.channel)), width: 10 },
        { header: x('recipient'), value: (m) => m.recipient, width: 24 },
        { header: x('subject'), value: (m) => m.subject, width: 24 },
        { header: x('message'), value: (m) => m.body, width: 60 },
        { header: x('status'), value: (m) => t(messageStatus.labelKey(m.status)), width: 14 },
        { header: x('error'), value: (m) => m.error, width: 30 },
        { header: x('attempts'), value: (m) => m.attempts, width: 10 },
        { header: x('sent'), value: (m) => m.sentAt, width: 22 },
      ],
    });
  }

  async retry(actor: Account, id: number): Promise<OutboxMessage> {
    const found = await messagesRepository.findById(this.db, id);
    if (!found) throw new AppError('notFound');
    if (!this.channels().has(found.channel as MessageChannel)) {
      throw new AppError('stateNotAllowed', { status: found.status, reason: 'noProvider' });
    }
    const log = { details: { messageId: id, orderId: found.order_id, channel: found.channel } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.MESSAGE_RETRIED,
      async (tx) => {
        if (!(await messagesRepository.requeue(tx, id, nowIso()))) {
          throw new AppError('stateNotAllowed', { status: found.status });
        }
      },
      { log },
    );
    this.wake();
    return toOutbox((await messagesRepository.findById(this.db, id))!);
  }

  async templates(): Promise<MessageTemplatesReply> {
    const [templates, updatedAt] = await Promise.all([
      loadTemplates(this.db),
      settingsVersion(this.db, 'messageTemplates'),
    ]);
    return { templates, updatedAt };
  }

  /**
   * Saves templates; an empty body (and subject) goes back to the built-in text. A stale version
   * (someone saved since the editor read them) is refused and nothing is written.
   */
  async saveTemplates(
    actor: Account,
    templates: Array<z.output<typeof messageTemplateInputSchema>>,
    updatedAt: string | null,
  ): Promise<MessageTemplatesReply> {
    const saved = templates.map((t) => `${t.event}.${t.channel}.${t.language}`);
    const log = { details: { templates: saved } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.TEMPLATES_UPDATED,
      async (tx) => {
        const now = await claimSettingsVersion(tx, 'messageTemplates', updatedAt);
        for (const t of templates) {
          if (t.body.trim() === '') {
            await notificationSettingsRepository.deleteTemplate(tx, t.event, t.channel, t.language);
            continue;
          }
          await notificationSettingsRepository.upsertTemplate(tx, {
            event: t.event,
            channel: t.channel,
            language: t.language,
            subject: t.channel === MESSAGE_CHANNEL.EMAIL ? t.subject?.trim() || null : null,
            body: t.body,
            updated_at: now,
          });
        }
      },
      { log },
    );
    return this.templates();
  }

  preview(t: z.output<typeof messageTemplateInputSchema>): MessagePreview {
    const template = {
      subject: t.channel === MESSAGE_CHANNEL.EMAIL ? (t.subject ?? '') : null,
      body: t.body,
    };
    const out = render(template, sampleVars(this.publicUrl, t.language));
    return {
      subject: out.subject,
      text: out.text,
      html: t.channel === MESSAGE_CHANNEL.EMAIL ? htmlOf(out.text, out.subject) : null,
      segments: t.channel === MESSAGE_CHANNEL.SMS ? smsSegments(out.text) : 0,
      variables: usedVariables(template),
    };
  }

  async pickupSettings(): Promise<PickupSettingsReply> {
    const [rules, locationTypes, updatedAt] = await Promise.all([
      loadRules(this.db),
      notificationSettingsRepository.deliveryLocationTypes(this.db),
      settingsVersion(this.db, 'pickupRules'),
    ]);
    return {
      rules: [...rules].sort((a, b) =>
        a.locationType === DEFAULT_LOCATION_TYPE ? -1 : b.locationType === DEFAULT_LOCATION_TYPE ? 1 : 0,
      ),
      locationTypes,
      updatedAt,
    };
  }

  /** A stale version (someone saved since the editor read the rules) is refused; nothing is written. */
  async savePickupSettings(actor: Account, body: PickupSettings): Promise<PickupSettingsReply> {
    const log = { details: { rules: body.rules } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.PICKUP_SETTINGS_UPDATED,
      async (tx) => {
        const now = await claimSettingsVersion(tx, 'pickupRules', body.updatedAt);
        await notificationSettingsRepository.replaceRules(
          tx,
          body.rules.map((r) => ({
            location_type: r.locationType,
            pickup_hours: r.pickupHours,
            reminder_hours: [...new Set(r.reminderHours)].sort((a, b) => a - b).join(','),
            last_day_hours: r.lastDayHours,
            updated_at: now,
          })),
        );
      },
      { log },
    );
    return this.pickupSettings();
  }

  async returns(account: Account, q: z.output<typeof returnsQuerySchema>): Promise<ReturnsReply> {
    // A store reads its own company's whatever it asks; the operator may choose one (issue #31).
    const scope = companyScope(account);
    const { rows, total, locations } = await returnsRepository.page(
      this.db,
      { placeId: q.locationId, company: scope !== undefined ? scope : q.company },
      q.max_results,
      q.offset,
    );
    return {
      total,
      locations,
      returns: rows.map((r) => ({
        orderId: r.id,
        packageId: r.package_id,
        recipientName: r.recipient_name,
        recipientPhone: r.recipient_phone,
        company: r.company,
        state: r.state,
        locationId: r.place_id,
        locationName: r.place_name,
        doorNumber: r.door_number,
        size: r.size,
        storedAt: r.stored_at,
        expiredAt: r.expires_at,
        returnCode: r.return_code,
      })),
    };
  }
}
