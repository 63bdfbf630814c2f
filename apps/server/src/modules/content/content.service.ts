import { ADMIN_LOG_ACTION, type ContentLanguage, type Faq, type TermsVersion } from '@cacifo/contract';
import { adminCommand } from '../admin-logs/admin-command.js';
import type { Db } from '../../db/schema.js';
import type { FaqsTable, TermsTable } from '../../db/tables/admin.js';
import type { Selectable } from 'kysely';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Account } from '../../lib/account.js';
import { faqsRepository, termsRepository } from './content.repository.js';

function toTerms(r: Selectable<TermsTable>): TermsVersion {
  return {
    id: r.id,
    language: r.language as ContentLanguage,
    version: r.version,
    body: r.body,
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
}

function toFaq(r: Selectable<FaqsTable>): Faq {
  return {
    id: r.id,
    language: r.language as ContentLanguage,
    question: r.question,
    answer: r.answer,
    position: r.position,
    updatedAt: r.updated_at,
  };
}

/** Versioned terms and ordered FAQs, each per language. */
export class ContentService {
  constructor(private readonly db: Db) {}

  async termsVersions(language: ContentLanguage): Promise<TermsVersion[]> {
    return (await termsRepository.versions(this.db, language)).map(toTerms);
  }

  async currentTerms(language: ContentLanguage): Promise<TermsVersion | null> {
    const row = await termsRepository.latest(this.db, language);
    return row ? toTerms(row) : null;
  }

  /** Saving never overwrites: it adds the next version (the unique key settles a race: 409). */
  async publishTerms(actor: Account, language: ContentLanguage, body: string): Promise<TermsVersion> {
    const { id } = await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.TERMS_PUBLISHED,
      async (tx) => {
        const latest = await termsRepository.latest(tx, language);
        if (latest && latest.body === body) throw new AppError('conflict', { reason: 'unchanged' });
        const version = (latest?.version ?? 0) + 1;
        const id = await termsRepository.insert(tx, {
          language,
          version,
          body,
          created_by: actor.name || actor.username,
          created_at: nowIso(),
        });
        return { id, version };
      },
      { log: ({ version }) => ({ details: { language, version } }) },
    );
    return (await this.termsVersions(language)).find((v) => v.id === id)!;
  }

  async faqs(language: ContentLanguage): Promise<Faq[]> {
    return (await faqsRepository.list(this.db, language)).map(toFaq);
  }

  async addFaq(
    actor: Account,
    body: { language: ContentLanguage; question: string; answer: string },
  ): Promise<Faq> {
    const id = await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.FAQ_CREATED,
      async (tx) =>
        faqsRepository.insert(tx, {
          ...body,
          position: await faqsRepository.nextPosition(tx, body.language),
          now: nowIso(),
        }),
      { log: (faqId) => ({ details: { faqId, language: body.language } }) },
    );
    return toFaq((await faqsRepository.find(this.db, id))!);
  }

  async updateFaq(
    actor: Account,
    id: number,
    body: { question: string; answer: string; updatedAt: string },
  ): Promise<Faq> {
    if (!(await faqsRepository.find(this.db, id))) throw new AppError('notFound');
    const { question, answer, updatedAt } = body;
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.FAQ_UPDATED,
      (tx) => updateIfUnchanged(tx, 'faqs', { column: 'id', value: id }, updatedAt, { question, answer }),
      { log: { details: { faqId: id } } },
    );
    return toFaq((await faqsRepository.find(this.db, id))!);
  }

  /**
   * Saves the order of one language's FAQs. `ids` must be exactly that language's FAQs: an order
   * built on a stale list (someone added or deleted meanwhile) is refused with 409, not half-applied.
   */
  async reorderFaqs(actor: Account, language: ContentLanguage, ids: number[]): Promise<Faq[]> {
    const log = { details: { language, ids } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.FAQS_REORDERED,
      async (tx) => {
        const current = await faqsRepository.list(tx, language);
        const known = new Set(current.map((f) => f.id));
        const given = new Set(ids);
        if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
          throw new AppError('conflict', { reason: 'staleOrder' });
        }
        const now = nowIso();
        for (const [position, id] of ids.entries()) await faqsRepository.setPosition(tx, id, position, now);
      },
      { log },
    );
    return this.faqs(language);
  }

  async deleteFaq(actor: Account, id: number): Promise<void> {
    const faq = await faqsRepository.find(this.db, id);
    if (!faq) throw new AppError('notFound');
    await adminCommand(this.db, actor, ADMIN_LOG_ACTION.FAQ_DELETED, (tx) => faqsRepository.remove(tx, id), {
      log: { details: { faqId: id, language: faq.language, question: faq.question } },
    });
  }
}
