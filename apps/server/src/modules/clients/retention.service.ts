import {
  ADMIN_LOG_ACTION,
  RETENTION_DAYS_DEFAULT,
  type RecipientData,
  type RecipientErased,
  type recipientLookupSchema,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { clientsRepository } from './clients.repository.js';
import { retentionRepository, type RecipientKey } from './retention.repository.js';

const BATCH = 500;
const DAY_MS = 86_400_000;

function keyOf(q: z.output<typeof recipientLookupSchema>): RecipientKey {
  return q.phone !== undefined ? { phone: q.phone } : { email: q.email! };
}

/** What the admin log says of whom: never the phone or e-mail itself (the log is kept for long). */
function hint(who: RecipientKey) {
  return 'phone' in who
    ? { by: 'phone', hint: `…${who.phone.slice(-3)}` }
    : { by: 'email', hint: `${who.email.slice(0, 1)}…@${who.email.split('@')[1] ?? ''}` };
}

/**
 * Recipients' personal data kept only as long as needed (issue #31, ADR 0191). The job (once across
 * instances) blanks the name, phone and e-mail of parcels that ended longer ago than their client's
 * retention (the operator's own parcels and owners without a client row: the default), with their
 * messages' addresses and texts; the rows stay, so every count stays. An operator can export and
 * erase one recipient's data; both are admin-logged.
 */
export class RetentionService {
  constructor(private readonly db: Db) {}

  /** One run: the number of parcels anonymised. */
  async runOnce(now = Date.now()): Promise<number> {
    const at = nowIso(new Date(now));
    const cutoff = (days: number) => nowIso(new Date(now - days * DAY_MS));
    const owners: { company: string | null; days: number }[] = [
      ...(await clientsRepository.list(this.db)).map((c) => ({
        company: c.name,
        days: Number(c.retention_days),
      })),
      { company: null, days: RETENTION_DAYS_DEFAULT },
      ...(await retentionRepository.companiesWithoutClient(this.db)).map((company) => ({
        company,
        days: RETENTION_DAYS_DEFAULT,
      })),
    ];
    let parcels = 0;
    let messages = 0;
    for (const owner of owners) {
      for (;;) {
        const ids = await retentionRepository.dueIds(this.db, owner.company, cutoff(owner.days), BATCH);
        if (ids.length === 0) break;
        await this.db.transaction().execute(async (tx) => {
          parcels += await retentionRepository.anonymiseOrders(tx, ids, at);
          const msgIds = await retentionRepository.messageIdsOfOrders(tx, ids);
          messages += (await retentionRepository.anonymiseMessages(tx, msgIds, at)).messages;
        });
        if (ids.length < BATCH) break;
      }
    }
    if (parcels > 0) {
      await this.db.transaction().execute((tx) =>
        writeAdminLog(tx, {
          actor: null,
          action: ADMIN_LOG_ACTION.RECIPIENTS_ANONYMISED,
          details: { parcels, messages },
        }),
      );
    }
    return parcels;
  }

  /** Everything kept of one recipient; the export itself is admin-logged (who looked, not the data). */
  async export(actor: Account, q: z.output<typeof recipientLookupSchema>): Promise<RecipientData> {
    const who = keyOf(q);
    return adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.RECIPIENT_DATA_EXPORTED,
      async (tx) => {
        const ids = await retentionRepository.idsOf(tx, who);
        const parcels = await retentionRepository.parcels(tx, ids);
        const msgs = await retentionRepository.messages(tx, ids, who);
        return {
          parcels: parcels.map((p) => ({
            orderId: Number(p.id),
            packageId: p.package_id,
            clientName: p.company || null,
            state: Number(p.state),
            recipientName: p.recipient_name,
            recipientPhone: p.recipient_phone,
            recipientEmail: p.recipient_email,
            recipientNumber: p.recipient_number,
            createdAt: p.created_at,
            updatedAt: p.updated_at,
          })),
          messages: msgs.map((m) => ({
            orderId: m.order_id === null ? null : Number(m.order_id),
            channel: m.channel,
            recipient: m.recipient,
            body: m.body,
            createdAt: m.created_at,
          })),
        };
      },
      { log: (d) => ({ details: { ...hint(who), parcels: d.parcels.length, messages: d.messages.length } }) },
    );
  }

  /**
   * Blanks the recipient's name, phone and e-mail on every parcel and message; counts stay. Messages
   * not sent yet are cancelled (never sent, never retried), and the admin log counts them.
   */
  async erase(actor: Account, q: z.output<typeof recipientLookupSchema>): Promise<RecipientErased> {
    const who = keyOf(q);
    return adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.RECIPIENT_DATA_ERASED,
      async (tx) => {
        const ids = await retentionRepository.idsOf(tx, who);
        const msgIds = (await retentionRepository.messages(tx, ids, who)).map((m) => Number(m.id));
        const at = nowIso();
        const parcels = await retentionRepository.anonymiseOrders(tx, ids, at);
        // An active parcel stays active (its code still opens the door); only what was still to be
        // sent to the person is cancelled, and the log says how many.
        const { messages, cancelled } = await retentionRepository.anonymiseMessages(tx, msgIds, at);
        return { parcels, messages, cancelled };
      },
      { log: (r) => ({ details: { ...hint(who), ...r } }) },
    );
  }
}
