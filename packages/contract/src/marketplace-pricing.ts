/**
 * Marketplace money arithmetic, pure and shared by the server (which decides) and the web (which
 * previews). Money is always integer cents; percentages travel as numbers with at most two
 * decimals and are turned into basis points (23% = 2300 bp) before any arithmetic, so nothing here
 * touches a binary fraction.
 *
 * The one rounding rule: every division rounds to the nearest cent, halves away from zero
 * ("round half up" for the non-negative amounts used here). VAT is never rounded on its own: it is
 * always gross minus net, so net + VAT = gross exactly on every line.
 */

export const BP_PER_UNIT = 10_000;
/** Largest price a pack can have (€100 000.00): keeps every product below 2^53. */
export const MAX_PRICE_CENTS = 10_000_000;

/** Percentage (0-100, two decimals at most) to basis points. */
export function percentToBp(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new RangeError(`percent out of range: ${percent}`);
  return Math.round(percent * 100);
}

/** a / b rounded to the nearest integer, halves away from zero (b > 0, a and b integers). */
export function divRound(a: number, b: number): number {
  if (!Number.isInteger(a) || !Number.isInteger(b) || b <= 0)
    throw new RangeError('divRound needs integers and b > 0');
  const q = Math.floor((2 * Math.abs(a) + b) / (2 * b));
  return a < 0 ? -q : q;
}

function assertCents(c: number, what: string) {
  if (!Number.isInteger(c) || c < 0 || c > MAX_PRICE_CENTS)
    throw new RangeError(`${what} must be integer cents 0..${MAX_PRICE_CENTS}`);
}

/** Price with VAT from the price without VAT. */
export function grossFromNet(netCents: number, ivaPercent: number): number {
  assertCents(netCents, 'net');
  return divRound(netCents * (BP_PER_UNIT + percentToBp(ivaPercent)), BP_PER_UNIT);
}

/** Price without VAT from the price with VAT. */
export function netFromGross(grossCents: number, ivaPercent: number): number {
  assertCents(grossCents, 'gross');
  return divRound(grossCents * BP_PER_UNIT, BP_PER_UNIT + percentToBp(ivaPercent));
}

/** Both prices of a pack from whichever one was entered. */
export function packPrices(
  entered: { priceCents: number } | { priceNetCents: number },
  ivaPercent: number,
): { priceCents: number; priceNetCents: number } {
  if ('priceCents' in entered) {
    return { priceCents: entered.priceCents, priceNetCents: netFromGross(entered.priceCents, ivaPercent) };
  }
  return {
    priceCents: grossFromNet(entered.priceNetCents, ivaPercent),
    priceNetCents: entered.priceNetCents,
  };
}

export type DiscountType = 'percentage' | 'fixed';
export interface Discount {
  discountType: DiscountType;
  /** Percentage 0-100 for 'percentage'; cents for 'fixed'. */
  discountValue: number;
}

/** Discount in cents on a gross amount; never more than the amount itself. */
export function discountCents(grossCents: number, d: Discount | null): number {
  assertCents(grossCents, 'gross');
  if (!d) return 0;
  if (d.discountType === 'percentage')
    return divRound(grossCents * percentToBp(d.discountValue), BP_PER_UNIT);
  if (!Number.isInteger(d.discountValue) || d.discountValue < 0)
    throw new RangeError('fixed discount must be integer cents');
  return Math.min(d.discountValue, grossCents);
}

export interface Quote {
  /** List price with VAT (the pack's price). */
  amountCents: number;
  discountCents: number;
  /** What the customer pays, VAT included. */
  totalCostCents: number;
  /** The total without VAT. */
  costCents: number;
  /** totalCost - cost. */
  ivaCents: number;
  ivaPercent: number;
}

/** The one price computation of a rental or extension. Free mode makes everything zero. */
export function quote(
  packPriceCents: number,
  ivaPercent: number,
  d: Discount | null,
  freeMode = false,
): Quote {
  assertCents(packPriceCents, 'price');
  if (freeMode) {
    return { amountCents: 0, discountCents: 0, totalCostCents: 0, costCents: 0, ivaCents: 0, ivaPercent };
  }
  const discount = discountCents(packPriceCents, d);
  const total = packPriceCents - discount;
  const cost = netFromGross(total, ivaPercent);
  return {
    amountCents: packPriceCents,
    discountCents: discount,
    totalCostCents: total,
    costCents: cost,
    ivaCents: total - cost,
    ivaPercent,
  };
}

/** SPEC §5: the captive deposit may not be below the highest active price. */
export function isDepositEnough(depositCents: number, activePricesCents: readonly number[]): boolean {
  return depositCents >= Math.max(0, ...activePricesCents);
}

/**
 * What a card rental is charged at its end: the quoted total when it ends within the paid time plus
 * the safe time, otherwise the whole deposit is kept (captive).
 */
export function settlement(
  totalCostCents: number,
  depositCents: number,
  endsAt: Date,
  safeTimeMinutes: number,
  endedAt: Date,
): { chargeCents: number; captive: boolean } {
  const limit = endsAt.getTime() + safeTimeMinutes * 60_000;
  if (endedAt.getTime() <= limit) return { chargeCents: totalCostCents, captive: false };
  return { chargeCents: Math.max(depositCents, totalCostCents), captive: true };
}

/**
 * What an MB WAY rental still owes when it ends after its paid time plus the safe time (issue #33,
 * docs/adr/0220): the card rule's captive charge (the deposit, at least the price) less the price
 * already paid, so a late MB WAY customer pays what a late card customer pays. Nothing when on time.
 */
export function overtimeDueCents(
  paidCents: number,
  depositCents: number,
  endsAt: Date,
  safeTimeMinutes: number,
  endedAt: Date,
): number {
  const { chargeCents, captive } = settlement(paidCents, depositCents, endsAt, safeTimeMinutes, endedAt);
  return captive ? Math.max(0, chargeCents - paidCents) : 0;
}

/** Billed time in whole minutes, any started minute counts. */
export function billedMinutes(startedAt: Date, endedAt: Date): number {
  return Math.max(0, Math.ceil((endedAt.getTime() - startedAt.getTime()) / 60_000));
}
