import { randomBytes } from 'node:crypto';
import {
  ADMIN_LOG_ACTION,
  isDepositEnough,
  SAFE_TIME_MAX_MINUTES,
  type AdminLogAction,
  type MarketplaceSettings,
  type MarketplaceSettingsReply,
} from '@cacifo/contract';
import type { Db, DbOrTx, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { claimSettingsVersion, settingsVersion } from '../../db/versioned.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { pricesRepository } from './prices.repository.js';
import { settingsRepository } from './settings.repository.js';

export const DEFAULT_SETTINGS: MarketplaceSettings = {
  // Opening equal to closing: open all day.
  parkOpening: '00:00',
  parkClosing: '00:00',
  guestOpening: '00:00',
  guestClosing: '00:00',
  safeTimeMinutes: 15,
  pendingMinutes: 10,
  ivaPercent: 23,
  captiveDepositCents: 2000,
  freeMode: false,
};

/**
 * Which admin log range each setting belongs to (SPEC §9): x0 when first saved, x1 when changed.
 * Pending time has no range of its own; it is a rental time tolerance like the safe time.
 */
const LOG_GROUPS: Array<{
  keys: Array<keyof MarketplaceSettings>;
  created: AdminLogAction;
  updated: AdminLogAction;
}> = [
  {
    keys: ['parkOpening', 'parkClosing', 'guestOpening', 'guestClosing'],
    created: ADMIN_LOG_ACTION.SCHEDULE_CREATED,
    updated: ADMIN_LOG_ACTION.SCHEDULE_UPDATED,
  },
  {
    keys: ['safeTimeMinutes', 'pendingMinutes'],
    created: ADMIN_LOG_ACTION.SAFE_TIME_CREATED,
    updated: ADMIN_LOG_ACTION.SAFE_TIME_UPDATED,
  },
  {
    keys: ['captiveDepositCents'],
    created: ADMIN_LOG_ACTION.CAPTIVATION_PRICE_CREATED,
    updated: ADMIN_LOG_ACTION.CAPTIVATION_PRICE_UPDATED,
  },
  {
    keys: ['ivaPercent'],
    created: ADMIN_LOG_ACTION.IVA_TAX_CREATED,
    updated: ADMIN_LOG_ACTION.IVA_TAX_UPDATED,
  },
  {
    keys: ['freeMode'],
    created: ADMIN_LOG_ACTION.FREE_MODE_CREATED,
    updated: ADMIN_LOG_ACTION.FREE_MODE_UPDATED,
  },
];

export async function readSettings(db: DbOrTx): Promise<MarketplaceSettings> {
  const stored = await settingsRepository.all(db);
  const out = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const k of Object.keys(DEFAULT_SETTINGS)) if (stored.has(k)) out[k] = stored.get(k);
  return out as MarketplaceSettings;
}

export class SettingsService {
  constructor(private readonly db: Db) {}

  /** The webhook secret is generated on first use and kept in the database (every instance shares it). */
  async webhookSecret(): Promise<string> {
    const stored = await settingsRepository.all(this.db);
    const secret = stored.get('webhookSecret');
    if (typeof secret === 'string' && secret) return secret;
    await settingsRepository.putIfAbsent(this.db, 'webhookSecret', randomBytes(24).toString('hex'), nowIso());
    return String((await settingsRepository.all(this.db)).get('webhookSecret'));
  }

  async get(): Promise<MarketplaceSettingsReply> {
    const [settings, webhookSecret, highest, updatedAt] = await Promise.all([
      readSettings(this.db),
      this.webhookSecret(),
      pricesRepository.highestActivePrice(this.db),
      settingsVersion(this.db, 'marketplace'),
    ]);
    return { ...settings, webhookSecret, highestActivePriceCents: highest, updatedAt };
  }

  /** A stale version (someone saved since the editor read it) is refused and nothing is written. */
  async update(
    actor: Account,
    { updatedAt, ...next }: MarketplaceSettings & { updatedAt: string | null },
  ): Promise<MarketplaceSettingsReply> {
    const safe = next.safeTimeMinutes;
    if (!Number.isInteger(safe) || safe < 0 || safe > SAFE_TIME_MAX_MINUTES) {
      throw new AppError('incorrectValue', { field: 'safeTimeMinutes', max: SAFE_TIME_MAX_MINUTES });
    }
    await this.db.transaction().execute(async (tx) => {
      await claimSettingsVersion(tx, 'marketplace', updatedAt);
      const highest = await pricesRepository.highestActivePrice(tx);
      if (!isDepositEnough(next.captiveDepositCents, [highest])) {
        throw new AppError('captiveBelowPrice', { highestActivePriceCents: highest });
      }
      const stored = await settingsRepository.all(tx);
      const current = await readSettings(tx);
      const now = nowIso();
      for (const group of LOG_GROUPS) {
        const changed = group.keys.filter((k) => !stored.has(k) || current[k] !== next[k]);
        if (changed.length === 0) continue;
        const firstSave = group.keys.every((k) => !stored.has(k));
        for (const k of changed) await settingsRepository.put(tx, k, next[k], now);
        await writeAdminLog(tx, {
          actor,
          action: firstSave ? group.created : group.updated,
          details: Object.fromEntries(changed.map((k) => [k, { from: current[k], to: next[k] }])),
        });
      }
      if (current.ivaPercent !== next.ivaPercent) await this.repriceNet(tx, next.ivaPercent);
    });
    return this.get();
  }

  /** Prices with VAT are what customers see: a new IVA keeps them and derives the net again. */
  private async repriceNet(tx: Tx, ivaPercent: number) {
    await pricesRepository.repriceNet(tx, ivaPercent, nowIso());
  }
}
