import { describe, expect, it } from 'vitest';
import {
  commaIdsSchema,
  dateIntervalSchema,
  emailSchema,
  hasAllowedUploadExtension,
  maxResultsSchema,
  offsetSchema,
  passwordWithConfirmationSchema,
  percentageSchema,
  phoneSchema,
  pinSchema,
  recipientReferenceSchema,
  scannerPackageIdSchema,
  voiceDoorSchema,
} from './validation.js';
import {
  can,
  createAssetRequestSchema,
  homePathFor,
  listOrdersQuerySchema,
  menuFor,
  pickupRulesSchema,
  profilePathFor,
} from './index.js';

const ok = (s: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) => s.safeParse(v).success;

describe('SPEC §5 validation rules', () => {
  it('phone is exactly 9 digits', () => {
    expect(ok(phoneSchema, '912345678')).toBe(true);
    expect(ok(phoneSchema, '91234567')).toBe(false);
    expect(ok(phoneSchema, '9123456789')).toBe(false);
    expect(ok(phoneSchema, '91234567a')).toBe(false);
  });
  it('PIN is exactly 4 digits', () => {
    expect(ok(pinSchema, '0123')).toBe(true);
    expect(ok(pinSchema, '123')).toBe(false);
    expect(ok(pinSchema, '12345')).toBe(false);
    expect(ok(pinSchema, '12a4')).toBe(false);
  });
  it('password 4 to 32 with matching confirmation', () => {
    expect(ok(passwordWithConfirmationSchema, { password: 'abcd', confirmPassword: 'abcd' })).toBe(true);
    expect(
      ok(passwordWithConfirmationSchema, { password: 'a'.repeat(32), confirmPassword: 'a'.repeat(32) }),
    ).toBe(true);
    expect(ok(passwordWithConfirmationSchema, { password: 'abc', confirmPassword: 'abc' })).toBe(false);
    expect(
      ok(passwordWithConfirmationSchema, { password: 'a'.repeat(33), confirmPassword: 'a'.repeat(33) }),
    ).toBe(false);
    const r = passwordWithConfirmationSchema.safeParse({ password: 'abcd', confirmPassword: 'abce' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(r.error?.issues[0]?.message).toBe('validation.passwordMismatch');
  });
  it('email must be valid', () => {
    expect(ok(emailSchema, 'ana@cacifo.pt')).toBe(true);
    expect(ok(emailSchema, 'ana@')).toBe(false);
  });
  it('percentages run from 0 to 100', () => {
    expect(ok(percentageSchema, 0)).toBe(true);
    expect(ok(percentageSchema, 100)).toBe(true);
    expect(ok(percentageSchema, -0.01)).toBe(false);
    expect(ok(percentageSchema, 100.01)).toBe(false);
  });
  it('package id starts with SGPT, reference with PRT or PT, case-insensitive', () => {
    expect(ok(scannerPackageIdSchema, 'sgpt123')).toBe(true);
    expect(ok(scannerPackageIdSchema, 'XSGPT1')).toBe(false);
    expect(ok(recipientReferenceSchema, 'prt1')).toBe(true);
    expect(ok(recipientReferenceSchema, 'Pt9')).toBe(true);
    expect(ok(recipientReferenceSchema, 'P1')).toBe(false);
  });
  it('uploads accept only .xlsx, .xls, .csv', () => {
    expect(hasAllowedUploadExtension('orders.XLSX')).toBe(true);
    expect(hasAllowedUploadExtension('orders.csv')).toBe(true);
    expect(hasAllowedUploadExtension('orders.xls')).toBe(true);
    expect(hasAllowedUploadExtension('orders.xlsx.exe')).toBe(false);
    expect(hasAllowedUploadExtension('orders.pdf')).toBe(false);
  });
  it('voice door numbers run 1 to 18', () => {
    expect(ok(voiceDoorSchema, 1)).toBe(true);
    expect(ok(voiceDoorSchema, 18)).toBe(true);
    expect(ok(voiceDoorSchema, 0)).toBe(false);
    expect(ok(voiceDoorSchema, 19)).toBe(false);
  });
  it('parses comma id lists and date intervals', () => {
    expect(commaIdsSchema.parse('1,2,30')).toEqual([1, 2, 30]);
    expect(ok(commaIdsSchema, '1,,2')).toBe(false);
    expect(dateIntervalSchema.parse('2026-01-01|2026-01-31')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(ok(dateIntervalSchema, '2026-02-01|2026-01-31')).toBe(false);
  });
});

describe('permission table', () => {
  it('denies by default and honours modules', () => {
    expect(can('admin', 'orders.view')).toBe(true);
    expect(can('editor', 'orders.view')).toBe(false);
    expect(can('visitor', 'session')).toBe(false);
    expect(can('admin', 'orders.view', ['office'])).toBe(false);
    expect(can('editor', 'schedules.manage', ['assets'])).toBe(true);
    expect(can('admin', 'nope' as never)).toBe(false);
  });
  it('builds menus per role and drops empty groups', () => {
    expect(menuFor('editor').map((g) => g.group)).toEqual([
      'dashboard',
      'office',
      'notifications',
      'assets',
      'administration',
    ]);
    expect(menuFor('admin', ['delivery']).map((g) => g.group)).toEqual([
      'dashboard',
      'orders',
      'notifications',
      'administration',
    ]);
    // Courier and importer see their own pages in the menu (hidden for the roles that manage them).
    expect(menuFor('courier').map((g) => g.items.map((i) => i.id))).toEqual([
      ['courier', 'courierOrders', 'returns'],
    ]);
    expect(menuFor('cacifo_importer').map((g) => g.items.map((i) => i.id))).toEqual([['importOrders']]);
    expect(menuFor('admin').flatMap((g) => g.items.map((i) => i.id))).not.toContain('importOrders');
    // Schedules drive office access too: under Office as well as Assets, never making a group alone.
    const itemsOf = (menu: ReturnType<typeof menuFor>, group: string) =>
      menu.find((g) => g.group === group)?.items.map((i) => i.id) ?? [];
    expect(itemsOf(menuFor('editor'), 'office').at(-1)).toBe('schedules');
    expect(itemsOf(menuFor('editor'), 'assets')).toContain('schedules');
    expect(itemsOf(menuFor('admin', ['office']), 'office')).toContain('schedules');
    expect(menuFor('admin', ['assets']).map((g) => g.group)).not.toContain('office');
    expect(homePathFor('courier')).toBe('/courier');
    expect(homePathFor('admin')).toBe('/');
    expect(homePathFor('screen')).toBe('/kiosk');
    expect(homePathFor('dash')).toBe('/monitoring');
    // A home whose module is off falls back to a page the role may open.
    expect(homePathFor('cacifo_importer', ['office'])).toBe('/profile');
  });
  it('sends "Edit profile" to a screen the role may open', () => {
    expect(profilePathFor('admin')).toBe('/admins');
    expect(profilePathFor('editor')).toBe('/admins');
    expect(profilePathFor('store')).toBe('/employees');
    for (const r of ['courier', 'cacifo_importer', 'security', 'dash', 'screen'] as const) {
      expect(profilePathFor(r)).toBe('/profile');
      expect(can(r, 'session')).toBe(true);
    }
  });
});

describe('whole numbers in a query string (#31)', () => {
  it('take digits or a number, and refuse what coercion let through', () => {
    expect(maxResultsSchema.parse('25')).toBe(25);
    expect(maxResultsSchema.parse(25)).toBe(25);
    expect(maxResultsSchema.parse(undefined)).toBe(50);
    expect(offsetSchema.parse('0')).toBe(0);
    for (const bad of ['+5', '1e1', ' 5', '5.0', '-1', '', '0x5', true, [5], 2.5]) {
      expect(maxResultsSchema.safeParse(bad).success, String(bad)).toBe(false);
      expect(offsetSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(maxResultsSchema.safeParse('1001').success).toBe(false);
    expect(maxResultsSchema.safeParse('0').success).toBe(false);
  });
});

describe('strict input leftovers (#31)', () => {
  it('comma id lists take positive ids only, written as ids are', () => {
    expect(commaIdsSchema.parse('3,5,8')).toEqual([3, 5, 8]);
    for (const bad of ['0', '1,0', ' 3', '3, 5', '3,5 ', '-1', '+3', '1e1', '1.5', '3,', '99999999999999999'])
      expect(ok(commaIdsSchema, bad), bad).toBe(false);
  });

  it('the order list filters state and deliveryType take codes as digits, nothing coerced', () => {
    const q = (query: Record<string, unknown>) => listOrdersQuerySchema.safeParse(query);
    expect(q({ state: '1,2', deliveryType: '2' }).data).toMatchObject({ state: [1, 2], deliveryType: 2 });
    expect(q({ state: [1, '2'], deliveryType: 1 }).success).toBe(true);
    for (const deliveryType of [' 1', '1e0', '+1', '1.0', '0x1', 'true', true, [1], '', '9'])
      expect(q({ deliveryType }).success, `deliveryType ${String(deliveryType)}`).toBe(false);
    for (const state of [' 1', '1, 2', 1.5, [1.5], [' 1'], ['1e0'], true, '0001'])
      expect(q({ state }).success, `state ${String(state)}`).toBe(false);
  });

  it('pickup rule hours are JSON whole numbers, the random-locker flag a JSON boolean', () => {
    const rule = { locationType: '*', pickupHours: 72, reminderHours: [24], lastDayHours: 12 };
    expect(pickupRulesSchema.safeParse(rule).success).toBe(true);
    for (const [field, value] of [
      ['pickupHours', '72'],
      ['pickupHours', true],
      ['pickupHours', [72]],
      ['reminderHours', ['24']],
      ['lastDayHours', ' 12'],
      ['lastDayHours', null],
    ] as const)
      expect(
        pickupRulesSchema.safeParse({ ...rule, [field]: value }).success,
        `${field} ${String(value)}`,
      ).toBe(false);
    const asset = { name: 'Portátil 1', tag: 'TAG0001' };
    expect(createAssetRequestSchema.parse({ ...asset, isRandomLocker: false }).isRandomLocker).toBe(false);
    for (const isRandomLocker of ['true', 'false', 1, 0, 'yes'])
      expect(
        createAssetRequestSchema.safeParse({ ...asset, isRandomLocker }).success,
        String(isRandomLocker),
      ).toBe(false);
  });
});
