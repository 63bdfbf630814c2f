import {
  ADMIN_LOG_ACTION,
  type AdminLogAction,
  type Discount,
  type PriceType,
  type Voucher,
  type VouchersFilter,
} from '@cacifo/contract';
import { updateIfUnchanged } from '../../db/versioned.js';
import type { Db, DbOrTx, Tx } from '../../db/schema.js';
import { isUniqueViolation, nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { writeAdminLog } from '../admin-logs/admin-log.service.js';
import { lisbonDayStartIso, lisbonParts } from './lisbon-time.js';
import { toVoucher } from './mappers.js';
import { pricesRepository, type PricePackRow } from './prices.repository.js';
import { vouchersRepository, type VoucherRow } from './vouchers.repository.js';

export interface VoucherInput {
  title: string;
  code: string;
  descriptionPt: string;
  descriptionEn: string;
  startDate: string;
  endDate: string;
  maxUses: number | null;
  maxUsesPerDay: number | null;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  priceIds: number[];
  type: PriceType | null;
  enabled: boolean;
}

export class VouchersService {
  constructor(private readonly db: Db) {}

  async list(f: Partial<VouchersFilter> = {}, at = new Date()): Promise<Voucher[]> {
    const [rows, uses] = await Promise.all([
      vouchersRepository.list(this.db, f, lisbonParts(at).date),
      vouchersRepository.usesByVoucher(this.db),
    ]);
    return rows.map((r) => toVoucher(r, uses.get(r.id) ?? 0));
  }

  async create(actor: Account, input: VoucherInput): Promise<Voucher> {
    const id = await this.write(async (tx) => {
      await this.checkInput(tx, input);
      const now = nowIso();
      const newId = await vouchersRepository.insert(tx, {
        ...this.row(input),
        created_at: now,
        updated_at: now,
      });
      await this.log(tx, actor, ADMIN_LOG_ACTION.VOUCHER_CREATED, { id: newId, code: input.code });
      return newId;
    });
    return this.get(id);
  }

  async update(actor: Account, id: number, input: VoucherInput & { updatedAt: string }): Promise<Voucher> {
    await this.write(async (tx) => {
      await this.existing(tx, id);
      await this.checkInput(tx, input, id);
      await updateIfUnchanged(tx, 'vouchers', { column: 'id', value: id }, input.updatedAt, this.row(input));
      await this.log(tx, actor, ADMIN_LOG_ACTION.VOUCHER_UPDATED, { id, code: input.code });
    });
    return this.get(id);
  }

  async setEnabled(actor: Account, id: number, enabled: boolean): Promise<Voucher> {
    await this.write(async (tx) => {
      const v = await this.existing(tx, id);
      await vouchersRepository.update(tx, id, { enabled: enabled ? 1 : 0, updated_at: nowIso() });
      await this.log(tx, actor, ADMIN_LOG_ACTION.VOUCHER_UPDATED, { id, code: v.code, enabled });
    });
    return this.get(id);
  }

  async remove(actor: Account, id: number): Promise<{ id: number }> {
    await this.write(async (tx) => {
      const v = await this.existing(tx, id);
      await vouchersRepository.delete(tx, id);
      await this.log(tx, actor, ADMIN_LOG_ACTION.VOUCHER_DELETED, { id, code: v.code });
    });
    return { id };
  }

  /**
   * The voucher a kiosk customer typed, checked against the pack and today's uses. Every refusal is
   * `voucherInvalid` with a reason the kiosk can translate.
   */
  async resolve(
    db: DbOrTx,
    code: string,
    pack: PricePackRow,
    at: Date,
  ): Promise<{ voucher: VoucherRow; discount: Discount }> {
    const v = await vouchersRepository.byCode(db, code.trim().toUpperCase());
    const refuse = (reason: string) => new AppError('voucherInvalid', { reason });
    if (!v) throw refuse('notFound');
    await vouchersRepository.lockForUse(db, v.id);
    if (v.enabled !== 1) throw refuse('disabled');
    const today = lisbonParts(at).date;
    if (today < v.start_date || today > v.end_date) throw refuse('notActive');
    const priceIds = JSON.parse(v.price_ids) as number[];
    if ((v.type && v.type !== pack.type) || (priceIds.length > 0 && !priceIds.includes(pack.id)))
      throw refuse('notApplicable');
    if (v.max_uses !== null && (await vouchersRepository.uses(db, v.id)) >= v.max_uses)
      throw refuse('exhausted');
    if (
      v.max_uses_per_day !== null &&
      (await vouchersRepository.uses(db, v.id, lisbonDayStartIso(at))) >= v.max_uses_per_day
    ) {
      throw refuse('exhaustedToday');
    }
    return {
      voucher: v,
      discount: {
        discountType: v.discount_type as Discount['discountType'],
        discountValue: Number(v.discount_value),
      },
    };
  }

  private async get(id: number): Promise<Voucher> {
    const row = await this.existing(this.db, id);
    return toVoucher(row, await vouchersRepository.uses(this.db, id));
  }

  private async existing(db: DbOrTx, id: number): Promise<VoucherRow> {
    const row = await vouchersRepository.byId(db, id);
    if (!row) throw new AppError('voucherNotExist');
    return row;
  }

  private async checkInput(tx: Tx, input: VoucherInput, id?: number) {
    const same = await vouchersRepository.byCode(tx, input.code);
    if (same && same.id !== id) throw new AppError('voucherCodeExists');
    const found = await pricesRepository.existingIds(tx, input.priceIds);
    const missing = input.priceIds.filter((p) => !found.includes(p));
    if (missing.length > 0)
      throw new AppError('invalidInput', { 'body.priceIds': 'validation.priceNotExist' });
  }

  /** A lost race on the unique code reads as the same message as the check. */
  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(fn);
    } catch (err) {
      if (!(err instanceof AppError) && isUniqueViolation(err)) throw new AppError('voucherCodeExists');
      throw err;
    }
  }

  private row(input: VoucherInput) {
    return {
      title: input.title,
      code: input.code,
      description_pt: input.descriptionPt,
      description_en: input.descriptionEn,
      start_date: input.startDate,
      end_date: input.endDate,
      max_uses: input.maxUses,
      max_uses_per_day: input.maxUsesPerDay,
      discount_type: input.discountType,
      discount_value: input.discountValue,
      price_ids: JSON.stringify([...new Set(input.priceIds)].sort((a, b) => a - b)),
      type: input.type,
      enabled: input.enabled ? 1 : 0,
    };
  }

  private log(tx: Tx, actor: Account, action: AdminLogAction, details: Record<string, unknown>) {
    return writeAdminLog(tx, { actor, action, details });
  }
}
