import { expect, it } from 'vitest';
import { up as fillSeededLookups } from '../src/db/migrations/0060-seeded-pin-lookups.js';
import { PinLookup } from '../src/modules/auth/pin-lookup.js';
import { insertAccount } from '../src/seed/accounts.js';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';

let n = 0;
const uniq = (p: string) => `${p}${++n}_${Date.now() % 100000}`;

/**
 * Staff PIN uniqueness in one indexed read (docs/adr/0061): every PIN written has its lookup
 * digest, the PINs that first start wrote without one get it from migration 0060, and any other
 * older PIN gets it the first time it is verified.
 */
describeEachDb('Staff PIN lookup', (ctx) => {
  const lookupOf = async (id: number) =>
    (
      await ctx.app.db
        .selectFrom('admins')
        .select('pin_lookup')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pin_lookup;
  const legacy = async (username: string, pin: string) => {
    const id = await insertAccount(ctx.app.db, {
      username,
      name: username,
      role: 'editor',
      password: 'segredo1',
      pin,
    });
    await ctx.app.db.updateTable('admins').set({ pin_lookup: null }).where('id', '=', id).execute();
    return id;
  };
  const createWithPin = async (token: string, pin: string) =>
    callApi(ctx.app, token, API.admins.create, {
      body: {
        name: 'Nova',
        username: uniq('nova'),
        role: 'courier',
        password: 'segredo1',
        confirmPassword: 'segredo1',
        notifiable: false,
        pin,
      },
    });

  it('seeded accounts are written with their lookup digest', async () => {
    const id = await insertAccount(ctx.app.db, {
      username: uniq('seeded'),
      name: 'Seeded',
      role: 'courier',
      password: 'segredo1',
      pin: '3141',
    });
    expect(await lookupOf(id)).toBe(await new PinLookup(ctx.app.db).of('3141'));
  });

  it('migration 0060 gives the PINs first start wrote their digest; other old PINs keep working', async () => {
    // Usernames the first start seeds (unique per database: this test runs once per database).
    const editor = await legacy('editor', '2345');
    const firstAdmin = await legacy(uniq('chefe'), '1234');
    const changedSince = await legacy('courier', '7777');
    await fillSeededLookups(ctx.app.db);
    const pins = new PinLookup(ctx.app.db);
    expect(await lookupOf(editor)).toBe(await pins.of('2345'));
    expect(await lookupOf(firstAdmin)).toBe(await pins.of('1234'));
    expect(await lookupOf(changedSince)).toBeNull();

    const admin = await signIn(ctx.app, 'admin');
    // A filled PIN is refused by its digest; the unfilled one is still found by its slow hash.
    expect((await createWithPin(admin.token, '2345')).body.Description).toBe('L41');
    expect((await createWithPin(admin.token, '1234')).body.Description).toBe('L41');
    expect((await createWithPin(admin.token, '7777')).body.Description).toBe('L41');
    expect(await lookupOf(changedSince)).toBe(await pins.of('7777'));
  });

  it('an old PIN gets its digest the first time it is verified', async () => {
    const id = await legacy(uniq('antigo'), '2718');
    await expect(ctx.app.adminPin.verify({ id }, '0000')).rejects.toThrow();
    expect(await lookupOf(id)).toBeNull();
    await ctx.app.adminPin.verify({ id }, '2718');
    expect(await lookupOf(id)).toBe(await new PinLookup(ctx.app.db).of('2718'));
  });
});
