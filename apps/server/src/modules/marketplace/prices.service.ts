import {
  ADMIN_LOG_ACTION,
  packPrices,
  type AdminLogAction,
  type PricePack,
  type PricePacksFilter,
  type PriceType,
} from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Db, Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { toPricePack } from './mappers.js';
import { pricesRepository, type PricePackRow } from './prices.repository.js';
import { readSettings } from './settings.service.js';

export interface PricePackInput {
  name: string;
  type: PriceType;
  hours: number;
  enabled: boolean;
  priceCents?: number | undefined;
  priceNetCents?: number | undefined;
}

/** Price packs: one price entered, the other derived with the current IVA (marketplace-pricing). */
export class PricesService {
  constructor(private readonly db: Db) {}

  async list(f: Partial<PricePacksFilter> = {}): Promise<PricePack[]> {
    return (await pricesRepository.list(this.db, f)).map(toPricePack);
  }

  async create(actor: Account, input: PricePackInput): Promise<PricePack> {
    const id = await this.db.transaction().execute(async (tx) => {
      const prices = await this.prices(tx, input);
      await this.checkDeposit(tx, input.enabled, prices.priceCents);
      const now = nowIso();
      const newId = await pricesRepository.insert(tx, {
        name: input.name,
        type: input.type,
        hours: input.hours,
        price_cents: prices.priceCents,
        price_net_cents: prices.priceNetCents,
        enabled: input.enabled ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      await this.log(tx, actor, ADMIN_LOG_ACTION.PRICE_CREATED, { id: newId, name: input.name, ...prices });
      return newId;
    });
    return this.get(id);
  }

  async update(
    actor: Account,
    id: number,
    input: PricePackInput & { updatedAt: string },
  ): Promise<PricePack> {
    await this.db.transaction().execute(async (tx) => {
      const before = await this.existing(tx, id);
      const prices = await this.prices(tx, input);
      await this.checkDeposit(tx, input.enabled, prices.priceCents);
      await updateIfUnchanged(tx, 'price_packs', { column: 'id', value: id }, input.updatedAt, {
        name: input.name,
        type: input.type,
        hours: input.hours,
        price_cents: prices.priceCents,
        price_net_cents: prices.priceNetCents,
        enabled: input.enabled ? 1 : 0,
      });
      await this.log(tx, actor, ADMIN_LOG_ACTION.PRICE_UPDATED, {
        id,
        from: toPricePack(before),
        to: { ...input, ...prices },
      });
    });
    return this.get(id);
  }

  async setEnabled(actor: Account, id: number, enabled: boolean): Promise<PricePack> {
    await this.db.transaction().execute(async (tx) => {
      const before = await this.existing(tx, id);
      await this.checkDeposit(tx, enabled, before.price_cents);
      await pricesRepository.update(tx, id, { enabled: enabled ? 1 : 0, updated_at: nowIso() });
      await this.log(tx, actor, ADMIN_LOG_ACTION.PRICE_UPDATED, { id, name: before.name, enabled });
    });
    return this.get(id);
  }

  async remove(actor: Account, id: number): Promise<{ id: number }> {
    await this.db.transaction().execute(async (tx) => {
      const before = await this.existing(tx, id);
      await pricesRepository.delete(tx, id);
      await this.log(tx, actor, ADMIN_LOG_ACTION.PRICE_DELETED, {
        id,
        name: before.name,
        priceCents: before.price_cents,
      });
    });
    return { id };
  }

  private async get(id: number): Promise<PricePack> {
    return toPricePack(await this.existing(this.db, id));
  }

  private async existing(db: Db | Tx, id: number): Promise<PricePackRow> {
    const row = await pricesRepository.byId(db, id);
    if (!row) throw new AppError('priceNotExist');
    return row;
  }

  private async prices(tx: Tx, input: PricePackInput) {
    const { ivaPercent } = await readSettings(tx);
    return input.priceCents !== undefined
      ? packPrices({ priceCents: input.priceCents }, ivaPercent)
      : packPrices({ priceNetCents: input.priceNetCents ?? 0 }, ivaPercent);
  }

  /** SPEC §5: the captive deposit never sits below an active price, so a pricier pack is refused. */
  private async checkDeposit(tx: Tx, enabled: boolean, priceCents: number) {
    if (!enabled) return;
    const { captiveDepositCents } = await readSettings(tx);
    if (priceCents > captiveDepositCents) {
      throw new AppError('captiveBelowPrice', { captiveDepositCents, priceCents });
    }
  }

  private log(tx: Tx, actor: Account, action: AdminLogAction, details: Record<string, unknown>) {
    return writeAdminLog(tx, { actor, action, details });
  }
}
