import { PRICE_TYPE, quote } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { isOpenAt, lisbonParts } from './lisbon-time.js';
import { pricesRepository } from './prices.repository.js';
import { readSettings } from './settings.service.js';
import type { VouchersService } from './vouchers.service.js';

/**
 * What a pack costs now, with an optional voucher: refused while its type is closed, zero in free
 * mode; the deposit a card holds with it (none in free mode).
 */
export async function priceOf(
  db: DbOrTx,
  vouchers: VouchersService,
  packId: number,
  voucherCode: string | undefined,
  now: Date,
) {
  const pack = await pricesRepository.byId(db, packId);
  if (!pack || pack.enabled !== 1) throw new AppError('priceNotExist');
  const s = await readSettings(db);
  const time = lisbonParts(now).time;
  const open =
    pack.type === PRICE_TYPE.GUEST
      ? isOpenAt(time, s.guestOpening, s.guestClosing)
      : isOpenAt(time, s.parkOpening, s.parkClosing);
  if (!open) throw new AppError('marketplaceClosed');
  const v = voucherCode ? await vouchers.resolve(db, voucherCode, pack, now) : null;
  const q = quote(pack.price_cents, s.ivaPercent, v?.discount ?? null, s.freeMode);
  return { q, pack, voucher: v?.voucher ?? null, deposit: s.freeMode ? 0 : s.captiveDepositCents };
}
