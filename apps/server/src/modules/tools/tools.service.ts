import { createHmac, randomBytes } from 'node:crypto';
import {
  ADMIN_LOG_ACTION,
  TOOL_TEXTS,
  TOOL_TEXT_KEYS,
  type ContentLanguage,
  type QrState,
  type ResetDataReply,
  type ToolText,
  type ToolTextsReply,
  type ToolTextKey,
  type UpdateToolTextsRequest,
} from '@cacifo/contract';
import { TOOL_TEXT_DEFAULTS } from '@cacifo/texts';
import type { Db, DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { claimSettingsVersion, settingsVersion } from '../../db/versioned.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { adminCommand } from '../admin-logs/admin-command.js';
import type { AdminPinService } from '../auth/admin-pin.service.js';
import { toolsRepository } from './tools.repository.js';

const QR_VERSION = 'tools.qrVersion';
const QR_SECRET = 'tools.qrSecret';
const QR_REFRESHED_AT = 'tools.qrRefreshedAt';

/** Kiosk and SMS texts as saved, falling back to the defaults for what was never changed. */
async function loadToolTexts(db: DbOrTx): Promise<ToolText[]> {
  const saved = new Map((await toolsRepository.listTexts(db)).map((r) => [r.key, r]));
  return TOOL_TEXT_KEYS.map((key) => {
    const row = saved.get(key);
    const d = TOOL_TEXT_DEFAULTS[key];
    return {
      key,
      group: TOOL_TEXTS[key].group,
      placeholders: [...TOOL_TEXTS[key].placeholders],
      pt: row?.pt ?? d.pt,
      en: row?.en ?? d.en,
      es: row?.es ?? d.es,
      fr: row?.fr ?? d.fr,
      updatedAt: row?.updated_at ?? null,
    };
  });
}

/**
 * One text in one language with its `{placeholders}` filled in: what the SMS sender and the kiosk
 * screens call. An empty translation falls back to Portuguese.
 */
export async function renderToolText(
  db: DbOrTx,
  key: ToolTextKey,
  language: ContentLanguage,
  vars: Record<string, string | number> = {},
): Promise<string> {
  const text = (await loadToolTexts(db)).find((t) => t.key === key)!;
  const template = text[language] || text.pt;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

async function qrSecret(db: DbOrTx): Promise<{ version: number; secret: string }> {
  const version = Number((await toolsRepository.getSetting(db, QR_VERSION)) ?? '1');
  const secret = (await toolsRepository.getSetting(db, QR_SECRET)) ?? 'initial';
  return { version, secret };
}

function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url').slice(0, 16);
}

/** The QR a kiosk screen shows; refreshing the QR (log 24) makes every older one stop working. */
async function kioskQrPayload(db: DbOrTx, screenId: number): Promise<string> {
  const { version, secret } = await qrSecret(db);
  const body = `cacifo:kiosk:${screenId}:${version}`;
  return `${body}:${sign(secret, body)}`;
}

export class ToolsService {
  constructor(
    private readonly db: Db,
    private readonly adminPin: Pick<AdminPinService, 'verify'>,
  ) {}

  async texts(): Promise<ToolTextsReply> {
    const [texts, updatedAt] = await Promise.all([
      loadToolTexts(this.db),
      settingsVersion(this.db, 'toolTexts'),
    ]);
    return { texts, updatedAt };
  }

  /** Saves some texts; a stale version (someone saved since the editor read them) writes nothing. */
  async updateTexts(actor: Account, body: UpdateToolTextsRequest): Promise<ToolTextsReply> {
    const log = { details: { keys: body.texts.map((t) => t.key) } };
    await adminCommand(
      this.db,
      actor,
      ADMIN_LOG_ACTION.TOOL_TEXTS_UPDATED,
      async (tx) => {
        const now = await claimSettingsVersion(tx, 'toolTexts', body.updatedAt);
        await toolsRepository.upsertTexts(
          tx,
          body.texts.map((t) => ({ key: t.key, pt: t.pt, en: t.en, es: t.es, fr: t.fr, updated_at: now })),
        );
      },
      { log },
    );
    return this.texts();
  }

  async kioskTexts(language: ContentLanguage): Promise<Record<string, string>> {
    const texts = await loadToolTexts(this.db);
    return Object.fromEntries(
      texts.filter((t) => t.group === 'kiosk').map((t) => [t.key, t[language] || t.pt]),
    );
  }

  /** The QR the calling screen shows. */
  async kioskQr(screen: Account): Promise<{ payload: string }> {
    return { payload: await kioskQrPayload(this.db, screen.id) };
  }

  async qrState(): Promise<QrState> {
    const { version } = await qrSecret(this.db);
    return { version, refreshedAt: await toolsRepository.getSetting(this.db, QR_REFRESHED_AT) };
  }

  async refreshQr(actor: Account): Promise<QrState> {
    await this.db.transaction().execute(async (tx) => {
      const now = nowIso();
      const { version } = await qrSecret(tx);
      await toolsRepository.setSetting(tx, QR_VERSION, String(version + 1), now);
      await toolsRepository.setSetting(tx, QR_SECRET, randomBytes(32).toString('base64url'), now);
      await toolsRepository.setSetting(tx, QR_REFRESHED_AT, now, now);
      await writeAdminLog(tx, {
        actor,
        action: ADMIN_LOG_ACTION.QR_REFRESHED,
        details: { version: version + 1 },
      });
    });
    return this.qrState();
  }

  /** Deletes all user data (SPEC §5: behind the acting admin's PIN), logging 23 in the same go. */
  async resetData(actor: Account, pin: string): Promise<ResetDataReply> {
    await this.adminPin.verify(actor, pin);
    const cleared: Record<string, number> = {};
    await this.db.transaction().execute(async (tx) => {
      for (const table of await toolsRepository.existingUserDataTables(tx)) {
        cleared[table] = await toolsRepository.clearTable(tx, table);
      }
      await toolsRepository.freeLockers(tx, nowIso());
      await writeAdminLog(tx, { actor, action: ADMIN_LOG_ACTION.DATABASE_RESET, details: { cleared } });
    });
    return { cleared };
  }
}
