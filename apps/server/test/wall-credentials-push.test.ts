import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { API, credentialHashInput, type CredentialVia } from '@cacifo/contract';
import { testDialects } from './helpers/test-db.js';
import { until } from './helpers/server-process.js';
import { WallWorld } from './helpers/wall-processes.js';

let n = 0;
const uniq = () => `${Date.now() % 1_000_000}${++n}`;

/**
 * Issue #32: an office user's card or PIN changed in the back-office reaches the wall at once, not at
 * the next sweep. The built server and the simulator as processes on the real Mosquitto; the sweep
 * is set to a day (WALL_CREDENTIALS_SWEEP_S), so whatever the wall learns after its start was pushed.
 * A PIN from before walls learned PINs (no place hash) is counted on the service status.
 */
describe.each(testDialects())('credential changes are pushed to the wall [%s]', (dialect) => {
  const world = new WallWorld(dialect);
  afterAll(() => world.close());

  it("gives the wall an office user's new card and PIN as soon as they are saved", async () => {
    await world.startServer({ WALL_CREDENTIALS_SWEEP_S: '86400' });
    const placeId = await world.place('OFFICE', 2);
    const wall = await world.startWall(placeId, 2);
    const held = await until(async () => {
      const s = await wall.status();
      return s.credentialsVersion !== null ? s : null;
    }, 30_000);
    expect(held.credentials).toBe(0);

    // The wall holds a credential when the version it reports is the one the server stored last and
    // that stored set matches the value for door 1 (and no longer `gone`'s): the wall's copy is that
    // set. A change makes several refreshes (at once, a second look, a retry after a lost race), so a
    // newer version alone may predate the change; the hash in the set cannot.
    const key = Buffer.from(
      (await world.api(API.wall.controllerKey, { params: { id: placeId } })).data.key,
      'hex',
    );
    const hashOf = (via: CredentialVia, value: string) =>
      createHmac('sha256', key).update(credentialHashInput(via, value)).digest('hex');
    const holds = (via: CredentialVia, value: string, gone?: string) =>
      world.wallHolds(wall, placeId, (set) => {
        const door1 = set.credentials.filter((c) => c.doors.includes(1)).flatMap((c) => c.match);
        const old = gone === undefined ? null : hashOf(via, gone);
        return door1.some((m) => m.hash === hashOf(via, value)) && !door1.some((m) => m.hash === old);
      });

    // A new user with a card and a locker: saved through the API, each a push.
    const cardA = `CA${uniq()}`;
    const user = await world.api(API.office.createUser, {
      body: { id: 0, name: 'Ana', login: `ana${uniq()}`, numberPrefix: 'PT', obs: '' },
    });
    const id = user.data.id;
    expect((await world.api(API.office.updateUser, { body: { id, card: cardA } })).status).toBe(200);
    const locker = await world.query((db) =>
      db
        .selectFrom('lockers')
        .select('id')
        .where('place_id', '=', placeId)
        .where('door_number', '=', 1)
        .executeTakeFirstOrThrow(),
    );
    const added = await world.api(API.office.addLockers, {
      body: { userId: id, lockerIds: [locker.id] },
    });
    expect(added.status).toBe(200);
    await until(async () => (await wall.status()).credentials === 1, 30_000);
    expect(await wall.post('/card', { card: cardA, lang: 'en' })).toMatchObject({ ok: true, doors: [1] });

    // The card is replaced: the wall takes the new one and refuses the old.
    const cardB = `CB${uniq()}`;
    expect((await world.api(API.office.updateUser, { body: { id, card: cardB } })).status).toBe(200);
    await holds('card', cardB, cardA);
    expect(await wall.post('/card', { card: cardB, lang: 'en' })).toMatchObject({ ok: true, doors: [1] });
    expect(await wall.post('/card', { card: cardA, lang: 'en' })).toMatchObject({
      ok: false,
      reason: 'unknownCode',
    });

    // A PIN set now is hashed for the wall and pushed with it.
    const pin = String(1000 + (Date.now() % 9000));
    expect((await world.api(API.office.updateUser, { body: { id, pin } })).status).toBe(200);
    await holds('pin', pin);
    expect(await wall.post('/keypad', { code: pin, lang: 'en' })).toMatchObject({
      ok: true,
      kind: 'office',
      doors: [1],
    });
  }, 240_000);

  it('counts on the service status the PINs set before walls learned them, until set again', async () => {
    const now = new Date().toISOString();
    const legacy = await world.query((db) =>
      db
        .insertInto('locker_users')
        .values({ name: 'Legado', pin_digest: `legacy-${uniq()}`, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const status = async () => (await world.api(API.service.status, {})).data.wallPins;
    expect(await status()).toEqual({ officeUsers: 1, couriers: 0 });
    const pin = String(1000 + ((Date.now() + 7) % 9000));
    const set = await world.api(API.office.updateUser, { body: { id: legacy.id, pin } });
    expect(set.status).toBe(200);
    expect(await status()).toEqual({ officeUsers: 0, couriers: 0 });
  }, 120_000);
});
