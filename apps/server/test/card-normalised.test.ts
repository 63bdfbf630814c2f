import { randomBytes } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { API, credentialHashInput } from '@cacifo/contract';
import { down, up } from '../src/db/migrations/0153-card-normalised.js';
import { FOREVER, type CredentialSource } from '../src/modules/wall-offline/credential-set.js';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';

/** A fresh card UID as people type it: lower case, bytes split by colons ("04:a3:1b:22"). */
const typedCard = () => `04:${randomBytes(3).toString('hex').match(/../g)!.join(':')}`;
const readCard = (typed: string) => typed.replaceAll(':', '').toUpperCase();

/**
 * The card typed in the user form is the card the kiosk reads (issue #33): one spelling
 * (`normaliseCard`) in the form, at the kiosk, at the controller's local /card and in the offline
 * hash; migration 0153 brings old values to it and reports clashes without merging.
 */
describeEachDb('one card spelling', (ctx) => {
  afterEach(() => vi.restoreAllMocks());

  const officeUser = async (token: string, card: string) => {
    const r = await callApi(ctx.app, token, API.office.createUser, {
      body: { id: 0, name: `Rui ${card}`, card },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.Data;
  };

  it('a card saved in the user form as "04:a3:1b:22" opens at the kiosk read as "04A31B22"', async () => {
    const { token } = await signIn(ctx.app, 'admin');
    const screen = await signIn(ctx.app, 'screen');
    const { placeId, lockers } = await createPlace(ctx.app, { doors: 2 });
    await bindScreen(ctx.app, screen.id, placeId);
    const typed = typedCard();
    const u = await officeUser(token, typed);
    expect(u.card).toBe(readCard(typed));
    await callApi(ctx.app, token, API.office.addLockers, {
      body: { userId: u.id, lockerIds: [lockers[0]!.id] },
    });
    const kiosk = (card: string) =>
      callApi(ctx.app, screen.token, API.office.kioskOpen, { body: { placeId, card } });
    const opened = await kiosk(readCard(typed));
    expect(opened, JSON.stringify(opened.body)).toMatchObject({
      status: 200,
      body: { Data: { granted: true, userId: u.id, doorNumber: 1 } },
    });
    // A reader that sends lower case or with spaces is the same card.
    expect(await kiosk(typed.replaceAll(':', ' '))).toMatchObject({
      body: { Data: { granted: true, userId: u.id } },
    });

    // The form edits the same field: another spelling of the card is no change (no log row); a
    // second user cannot take it in any spelling; clearing it in the form clears it.
    const same = await callApi(ctx.app, token, API.office.updateUser, {
      body: { id: u.id, name: u.name, card: typed.toUpperCase(), updatedAt: u.updatedAt },
    });
    expect(same.body.Data.card).toBe(readCard(typed));
    const other = await callApi(ctx.app, token, API.office.createUser, {
      body: { id: 0, name: 'Outro', card: readCard(typed).toLowerCase() },
    });
    expect(other).toMatchObject({ status: 409, body: { Description: 'cardAssigned' } });
    const cleared = await callApi(ctx.app, token, API.office.updateUser, {
      body: { id: u.id, name: u.name, card: '', updatedAt: same.body.Data.updatedAt },
    });
    expect(cleared.body.Data.card).toBeNull();
    // Card rows (14): set at creation, cleared; the same card in other letters logged none.
    const logs = await ctx.app.db
      .selectFrom('admin_logs')
      .select('details')
      .where('user_id', '=', u.id)
      .where('action', '=', 14)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => JSON.parse(String(l.details)))).toEqual([{ cleared: false }, { cleared: true }]);
    expect(await kiosk(readCard(typed))).toMatchObject({
      status: 403,
      body: { Data: { reason: 'unknownCredential' } },
    });
  });

  it('offline, the controller matches a card read in another spelling to the server-made hash', async () => {
    const { token } = await signIn(ctx.app, 'admin');
    const { placeId } = await createPlace(ctx.app, { doors: 2 });
    const typed = typedCard();
    const u = await officeUser(token, typed);
    // The office users' card credentials as a source would publish them: the server hashes the
    // stored card with the place key; only the hash reaches the controller.
    const officeCards: CredentialSource = async (db, keys, place) => {
      if (place !== placeId) return {};
      const row = await db
        .selectFrom('locker_users')
        .select('card')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow();
      return {
        credentials: [
          {
            id: `user:${u.id}`,
            kind: 'office',
            match: [{ via: 'card', hash: keys.hash(place, 'card', row.card!) }],
            doors: [2],
            windows: [{ from: 0, until: FOREVER }],
            oneTime: false,
          },
        ],
      };
    };
    ctx.app.wallOffline.publisher.addSource(officeCards);
    await ctx.app.wallOffline.publisher.refresh(placeId);
    expect(credentialHashInput('card', typed)).toBe(`card:${readCard(typed)}`);
    const local = ctx.app.devices.simulator!.localAccess(placeId)!;
    await expect
      .poll(async () => (await local.card(readCard(typed).toLowerCase(), undefined, 'en')).ok)
      .toBe(true);
    const again = await local.card(typed, undefined, 'en');
    expect(again).toMatchObject({ ok: true, doors: [2] });
    expect(await local.card('04FFFFFFFF', undefined, 'en')).toMatchObject({ ok: false });
  });

  it('the migration normalises old cards and reports clashes and non-hex values, merging nothing', async () => {
    const db = ctx.app.db;
    await down();
    const now = new Date().toISOString();
    const hex = randomBytes(4).toString('hex');
    const insert = async (card: string) =>
      (
        await db
          .insertInto('locker_users')
          .values({ name: `M ${card}`, card, enabled: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const spaced = await insert(hex.match(/../g)!.join(' ')); // "0a 1b 2c 3d": becomes the card
    const dashed = await insert(hex.match(/../g)!.join('-')); // the same card: a clash, kept
    const lone = await insert(`ab:${hex.slice(2)}`); // no clash: normalised
    const bad = await insert(`X${hex}`); // not hex: kept, reported
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await up(db);
    const cards = Object.fromEntries(
      (
        await db
          .selectFrom('locker_users')
          .select(['id', 'card'])
          .where('id', 'in', [spaced, dashed, lone, bad])
          .execute()
      ).map((r) => [Number(r.id), r.card]),
    );
    expect(cards[spaced]).toBe(hex.toUpperCase());
    expect(cards[dashed]).toBe(hex.match(/../g)!.join('-'));
    expect(cards[lone]).toBe(`AB${hex.slice(2).toUpperCase()}`);
    expect(cards[bad]).toBe(`X${hex}`);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    const clash = lines.filter((l) => l.includes('card clash'));
    expect(clash).toHaveLength(1);
    expect(clash[0]).toContain(`user ${spaced} holds "${hex.toUpperCase()}"`);
    expect(clash[0]).toContain(`user ${dashed} "`);
    expect(lines.filter((l) => l.includes(`user ${bad} `) && l.includes('not a hex card'))).toHaveLength(1);
  });
});
