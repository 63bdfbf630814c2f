import { describe, expect, it } from 'vitest';
import {
  billedMinutes,
  discountCents,
  divRound,
  grossFromNet,
  isDepositEnough,
  MAX_PRICE_CENTS,
  netFromGross,
  packPrices,
  percentToBp,
  quote,
  settlement,
  overtimeDueCents,
} from './marketplace-pricing.js';

describe('marketplace pricing', () => {
  it('rounds halves away from zero', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(4, 2)).toBe(2);
    expect(divRound(7, 3)).toBe(2);
    expect(divRound(8, 3)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(() => divRound(1, 0)).toThrow();
    expect(() => divRound(1.5, 2)).toThrow();
  });

  it('turns percentages into basis points', () => {
    expect(percentToBp(23)).toBe(2300);
    expect(percentToBp(6.5)).toBe(650);
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(100)).toBe(10000);
    expect(() => percentToBp(100.01)).toThrow();
    expect(() => percentToBp(-1)).toThrow();
  });

  it('derives gross from net with IVA (known answers)', () => {
    expect(grossFromNet(1000, 23)).toBe(1230);
    expect(grossFromNet(407, 23)).toBe(501); // 500.61 -> 501
    expect(grossFromNet(250, 6)).toBe(265);
    expect(grossFromNet(50, 13)).toBe(57); // 56.5 -> 57 (half up)
    expect(grossFromNet(999, 0)).toBe(999);
    expect(grossFromNet(100, 100)).toBe(200);
    expect(grossFromNet(0, 23)).toBe(0);
  });

  it('derives net from gross with IVA (known answers)', () => {
    expect(netFromGross(1230, 23)).toBe(1000);
    expect(netFromGross(500, 23)).toBe(407); // 406.50 -> 407
    expect(netFromGross(100, 23)).toBe(81); // 81.30 -> 81
    expect(netFromGross(265, 6)).toBe(250);
    expect(netFromGross(1, 23)).toBe(1); // 0.81 -> 1
    expect(netFromGross(200, 100)).toBe(100);
  });

  it('keeps the entered price and derives the other', () => {
    expect(packPrices({ priceCents: 500 }, 23)).toEqual({ priceCents: 500, priceNetCents: 407 });
    expect(packPrices({ priceNetCents: 407 }, 23)).toEqual({ priceCents: 501, priceNetCents: 407 });
  });

  it('refuses amounts out of range', () => {
    expect(() => grossFromNet(-1, 23)).toThrow();
    expect(() => grossFromNet(1.5, 23)).toThrow();
    expect(() => netFromGross(MAX_PRICE_CENTS + 1, 23)).toThrow();
    expect(grossFromNet(MAX_PRICE_CENTS, 100)).toBe(2 * MAX_PRICE_CENTS);
  });

  it('computes voucher discounts', () => {
    expect(discountCents(1000, { discountType: 'percentage', discountValue: 10 })).toBe(100);
    expect(discountCents(999, { discountType: 'percentage', discountValue: 15 })).toBe(150); // 149.85
    expect(discountCents(250, { discountType: 'percentage', discountValue: 33.33 })).toBe(83); // 83.325
    expect(discountCents(1000, { discountType: 'percentage', discountValue: 100 })).toBe(1000);
    expect(discountCents(1000, { discountType: 'fixed', discountValue: 300 })).toBe(300);
    expect(discountCents(200, { discountType: 'fixed', discountValue: 300 })).toBe(200); // never below zero
    expect(discountCents(1000, null)).toBe(0);
  });

  it('quotes a rental: list price, discount, total, cost and IVA add up', () => {
    const q = quote(500, 23, { discountType: 'percentage', discountValue: 10 });
    expect(q).toEqual({
      amountCents: 500,
      discountCents: 50,
      totalCostCents: 450,
      costCents: 366,
      ivaCents: 84,
      ivaPercent: 23,
    });
    expect(q.costCents + q.ivaCents).toBe(q.totalCostCents);
    expect(quote(1230, 23, null)).toMatchObject({ totalCostCents: 1230, costCents: 1000, ivaCents: 230 });
    expect(quote(300, 23, { discountType: 'fixed', discountValue: 500 })).toMatchObject({
      totalCostCents: 0,
      costCents: 0,
      ivaCents: 0,
    });
    expect(quote(800, 23, null, true)).toMatchObject({ amountCents: 0, totalCostCents: 0 });
  });

  it('checks the deposit against the highest active price', () => {
    expect(isDepositEnough(2000, [500, 2000, 1200])).toBe(true);
    expect(isDepositEnough(1999, [500, 2000])).toBe(false);
    expect(isDepositEnough(0, [])).toBe(true);
  });

  it('settles a card rental: total within paid time plus safe time, deposit after', () => {
    const ends = new Date('2026-01-01T12:00:00Z');
    expect(settlement(450, 2000, ends, 15, new Date('2026-01-01T12:15:00Z'))).toEqual({
      chargeCents: 450,
      captive: false,
    });
    expect(settlement(450, 2000, ends, 15, new Date('2026-01-01T12:15:01Z'))).toEqual({
      chargeCents: 2000,
      captive: true,
    });
    expect(settlement(450, 0, ends, 0, new Date('2026-01-01T12:00:01Z'))).toEqual({
      chargeCents: 450,
      captive: true,
    });
  });

  it('bills started minutes', () => {
    const s = new Date('2026-01-01T10:00:00Z');
    expect(billedMinutes(s, new Date('2026-01-01T10:00:00Z'))).toBe(0);
    expect(billedMinutes(s, new Date('2026-01-01T10:00:01Z'))).toBe(1);
    expect(billedMinutes(s, new Date('2026-01-01T11:30:00Z'))).toBe(90);
  });
});

describe('overtimeDueCents', () => {
  const ends = new Date('2026-01-01T12:00:00Z');
  it('is nothing within paid time plus safe time, the deposit less the price after', () => {
    expect(overtimeDueCents(500, 2000, ends, 15, new Date('2026-01-01T12:15:00Z'))).toBe(0);
    expect(overtimeDueCents(500, 2000, ends, 15, new Date('2026-01-01T12:15:01Z'))).toBe(1500);
    // A price above the deposit owes nothing more: a late card pays max(deposit, price) too.
    expect(overtimeDueCents(2500, 2000, ends, 0, new Date('2026-01-01T13:00:00Z'))).toBe(0);
  });
});
