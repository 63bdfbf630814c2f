import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_STATE,
  canApplyOrderAction,
  isAlreadyDelivered,
  nextOrderState,
  orderActions,
  orderStage,
  orderState,
  staffActionsFor,
} from './order.js';

describe('order state machine', () => {
  it('walks the happy path from creation to archive', () => {
    let s: number | null = ORDER_STATE.CREATED;
    for (const action of [
      'assignLocker',
      'openForDeposit',
      'depositClosed',
      'pickupWithPin',
      'pickupClosed',
      'archive',
    ] as const) {
      s = nextOrderState(action, s as never);
      expect(s, action).not.toBeNull();
    }
    expect(s).toBe(ORDER_STATE.ARCHIVED);
  });
  it('refuses actions the state does not allow', () => {
    expect(nextOrderState('archive', ORDER_STATE.STORED_IN_LOCKER)).toBeNull();
    expect(nextOrderState('deliverByStaff', ORDER_STATE.CREATED)).toBeNull();
    expect(nextOrderState('openForDeposit', ORDER_STATE.CREATED)).toBeNull();
    expect(nextOrderState('pickupWithPin', ORDER_STATE.DELIVERED)).toBeNull();
  });
  it('every action starts and ends on real states', () => {
    for (const a of orderActions) {
      expect(orderState.has(ORDER_ACTIONS[a].to)).toBe(true);
      for (const from of ORDER_ACTIONS[a].from) expect(orderState.has(from)).toBe(true);
    }
  });
  it('nothing leaves the archived state', () => {
    for (const a of orderActions) expect(canApplyOrderAction(a, ORDER_STATE.ARCHIVED)).toBe(false);
  });
  it('offers staff actions by state', () => {
    expect(staffActionsFor(ORDER_STATE.STORED_IN_LOCKER).sort()).toEqual(
      ['cancel', 'deliverByStaff', 'resendSms', 'verify'].sort(),
    );
    expect(staffActionsFor(ORDER_STATE.DELIVERED)).toEqual(['archive']);
    expect(staffActionsFor(ORDER_STATE.LOCKER_ASSIGNED)).toEqual(['releaseLocker']);
  });
  it('offers no locker action to an edited order without a locker', () => {
    expect(staffActionsFor(ORDER_STATE.UPDATED, false)).toEqual([]);
    expect(staffActionsFor(ORDER_STATE.UPDATED, true)).toEqual(['releaseLocker']);
  });
  it('tells the stage of every state from the state machine', () => {
    const stages = Object.fromEntries(orderState.values.map((s) => [s, orderStage(s)]));
    expect(stages).toEqual({
      1: 'toDeposit',
      2: 'toDeposit',
      3: 'depositing',
      4: 'inLocker',
      5: 'doorOpen',
      6: 'doorOpen',
      7: 'delivered',
      8: 'doorOpen',
      9: 'canceled',
      10: 'doorOpen',
      11: 'toDeposit',
      12: 'inLocker',
      13: 'delivered',
      14: 'archived',
      15: 'inLocker',
      16: 'depositing',
      17: 'doorOpen',
      18: 'toReturn',
      19: 'doorOpen',
      20: 'returned',
    });
  });
  it('takes an expired parcel back: expire, open for return, returned, then archive', () => {
    let s: number | null = ORDER_STATE.STORED_IN_LOCKER;
    for (const action of ['expire', 'openForReturn', 'returnClosed', 'archive'] as const) {
      s = nextOrderState(action, s as never);
      expect(s, action).not.toBeNull();
    }
    expect(s).toBe(ORDER_STATE.ARCHIVED);
    expect(nextOrderState('pickupWithPin', ORDER_STATE.EXPIRED)).toBeNull();
    expect(nextOrderState('deliverByStaff', ORDER_STATE.EXPIRED)).toBe(ORDER_STATE.DELIVERED_BY_STAFF);
  });
  it('calls only handed-over or archived orders already delivered (an edited order is not)', () => {
    const delivered = orderState.values.filter((s) => isAlreadyDelivered(s));
    expect(delivered).toEqual([7, 13, 14]);
  });
  it('derives translation keys from the table', () => {
    expect(orderState.labelKey(4)).toBe('orderState.STORED_IN_LOCKER');
    expect(() => orderState.labelKey(99 as never)).toThrow();
  });
});
