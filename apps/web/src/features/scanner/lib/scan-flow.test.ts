import { describe, expect, it } from 'vitest';
import { ORDER_STATE } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import {
  acceptBarcode,
  decideScan,
  depositPath,
  medianError,
  registrationPayload,
  registrationSchema,
  scanKindsFor,
  scannerVersionOf,
} from './scan-flow';

const order = (state: number, id = 7, packageId = 'SGPT0001') =>
  ({ id, packageId, state, assignedLocker: null }) as unknown as Order;

describe('decideScan (SPEC §4 scanner flow)', () => {
  it('opens the deposit dialog of a created or locker-assigned order', () => {
    for (const version of [1, 2] as const) {
      expect(decideScan(version, 'SGPT0001', { kind: 'found', order: order(ORDER_STATE.CREATED) })).toEqual({
        action: 'deposit',
        order: order(ORDER_STATE.CREATED),
      });
      expect(
        decideScan(version, 'SGPT0001', { kind: 'found', order: order(ORDER_STATE.LOCKER_ASSIGNED) }).action,
      ).toBe('deposit');
    }
  });

  it('delivered: an error; only the second version still opens the dialog', () => {
    const delivered = { kind: 'delivered', order: order(ORDER_STATE.DELIVERED) } as const;
    expect(decideScan(1, 'SGPT0001', delivered)).toMatchObject({
      action: 'notDepositable',
      stage: 'delivered',
      openDialog: false,
    });
    expect(decideScan(2, 'SGPT0001', delivered)).toMatchObject({
      action: 'notDepositable',
      stage: 'delivered',
      openDialog: true,
    });
    // No order in the reply: nothing to open, whatever the version.
    expect(decideScan(2, 'X', { kind: 'delivered', order: null })).toMatchObject({ openDialog: false });
  });

  it('the state machine decides: a waiting parcel is in a locker, an edited order can be deposited', () => {
    const waiting = { kind: 'found', order: order(ORDER_STATE.STORED_IN_LOCKER) } as const;
    expect(decideScan(1, 'SGPT0001', waiting)).toMatchObject({ action: 'notDepositable', stage: 'inLocker' });
    expect(decideScan(2, 'SGPT0001', waiting)).toMatchObject({ stage: 'inLocker', openDialog: true });
    const edited = { kind: 'found', order: order(ORDER_STATE.UPDATED) } as const;
    expect(decideScan(2, 'SGPT0001', edited).action).toBe('deposit');
    const cancelled = { kind: 'found', order: order(ORDER_STATE.CANCELED) } as const;
    expect(decideScan(2, 'SGPT0001', cancelled)).toMatchObject({ stage: 'canceled' });
  });

  it('unknown: asks to register; the second version only for SGPT codes (any case)', () => {
    expect(decideScan(1, 'ABC123', { kind: 'notExist' })).toEqual({
      action: 'askRegister',
      packageId: 'ABC123',
    });
    expect(decideScan(2, 'ABC123', { kind: 'notExist' })).toEqual({
      action: 'notRegistrable',
      packageId: 'ABC123',
    });
    expect(decideScan(2, 'sgpt42', { kind: 'notExist' }).action).toBe('askRegister');
    expect(decideScan(2, 'SGPT42', { kind: 'notExist' }).action).toBe('askRegister');
  });

  it('any other failure is a fetch error', () => {
    expect(decideScan(1, 'SGPT1', { kind: 'error' })).toEqual({ action: 'fetchError' });
    expect(decideScan(2, 'SGPT1', { kind: 'error' })).toEqual({ action: 'fetchError' });
  });
});

describe('registration form rules', () => {
  const v2 = registrationSchema(2);
  const v1 = registrationSchema(1);
  const ok = { packageId: 'SGPT123', recipientNumber: 'PRT-9', recipientPhone: '912345678' };

  it('second version: SGPT package, PRT or PT reference (case-insensitive), 9-digit phone', () => {
    expect(v2.safeParse(ok).success).toBe(true);
    expect(v2.safeParse({ ...ok, packageId: 'sgpt9', recipientNumber: 'pt1' }).success).toBe(true);
    const bad = v2.safeParse({ packageId: 'XX1', recipientNumber: 'AB1', recipientPhone: '12345' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message).sort()).toEqual(
      ['scanner.validation.packagePrefix', 'scanner.validation.referencePrefix', 'validation.phone'].sort(),
    );
    expect(v2.safeParse({ ...ok, recipientNumber: '' }).success).toBe(false);
    expect(v2.safeParse({ ...ok, recipientPhone: '9123456789' }).success).toBe(false);
    expect(v2.safeParse({ ...ok, recipientPhone: '91234567a' }).success).toBe(false);
  });

  it('first version: no prefixes, reference optional, the phone still 9 digits', () => {
    expect(
      v1.safeParse({ packageId: 'ANY-1', recipientNumber: '', recipientPhone: '912345678' }).success,
    ).toBe(true);
    expect(v1.safeParse({ packageId: '', recipientNumber: '', recipientPhone: '912345678' }).success).toBe(
      false,
    );
    expect(v1.safeParse({ packageId: 'A', recipientPhone: '91234' }).success).toBe(false);
  });

  it('saves with id 0, the fixed recipient name and an empty recipientEmail', () => {
    expect(registrationPayload(v2.parse({ ...ok, packageId: ' SGPT123 ' }))).toEqual({
      id: 0,
      packageId: 'SGPT123',
      recipientName: 'Cliente',
      recipientNumber: 'PRT-9',
      recipientEmail: '',
      recipientPhone: '912345678',
    });
  });
});

describe('scanner settings and helpers', () => {
  it('flag to icons', () => {
    expect(scanKindsFor('none')).toEqual([]);
    expect(scanKindsFor('barcode')).toEqual(['barcode']);
    expect(scanKindsFor('qrcode')).toEqual(['qrcode']);
    expect(scanKindsFor('both')).toEqual(['barcode', 'qrcode']);
  });

  it('version from health features, 2 unless 1 is said', () => {
    expect(scannerVersionOf({ scannerVersion: 1 })).toBe(1);
    expect(scannerVersionOf({ scannerVersion: '1' })).toBe(1);
    expect(scannerVersionOf({ scannerVersion: 2 })).toBe(2);
    expect(scannerVersionOf({})).toBe(2);
    expect(scannerVersionOf(undefined)).toBe(2);
  });

  it('the deposit dialog: order pages for staff (size m), the courier page for couriers', () => {
    expect(depositPath(order(1, 9), true)).toBe('/orders/details/9?deposit=1&size=m');
    expect(depositPath(order(4, 9), true)).toBe('/orders/details/9?deposit=1&size=m');
    expect(depositPath(order(7, 9), true)).toBe('/orders-history/details/9?deposit=1&size=m');
    expect(depositPath(order(1, 9, 'SGPT 1/2'), false)).toBe('/courier?packageId=SGPT%201%2F2');
  });

  it('median decode error decides whether a Code 128 read counts (< 0.25)', () => {
    expect(medianError([{ error: 0.1 }, { error: 0.3 }, { error: 0.2 }])).toBeCloseTo(0.2);
    expect(medianError([{ error: 0.1 }, { error: 0.3 }])).toBeCloseTo(0.2);
    expect(medianError([{}, { error: 0.4 }])).toBeCloseTo(0.4);
    expect(medianError([])).toBe(Number.POSITIVE_INFINITY);
    expect(acceptBarcode('SGPT1', [{ error: 0.1 }, { error: 0.24 }, { error: 0.9 }])).toBe(true);
    expect(acceptBarcode('SGPT1', [{ error: 0.25 }, { error: 0.3 }, { error: 0.1 }])).toBe(false);
    // A blurred frame read through code set A: a control character inside is a misread.
    expect(acceptBarcode('SGPT1\n2', [{ error: 0.1 }])).toBe(false);
    expect(acceptBarcode('SGPT12\u001d', [{ error: 0.1 }])).toBe(false);
    expect(acceptBarcode('', [{ error: 0.01 }])).toBe(false);
    expect(acceptBarcode(null, [{ error: 0.01 }])).toBe(false);
  });
});
