import { expect, it } from 'vitest';
import { API, menuFor, routesFor } from '@cacifo/contract';
import { describeEachDb, signIn, callApi, call } from './helpers/test-app.js';
import { bootstrap } from '../src/seed/bootstrap.js';

describeEachDb('bookmarks and page search', (ctx) => {
  it('offers only the pages of the caller role, none starred at first', async () => {
    const e = await signIn(ctx.app, 'editor');
    const r = await callApi(ctx.app, e.token, API.shell.bookmarks, {});
    expect(r.status).toBe(200);
    const ids = r.body.Data.suggestions.map((s) => s.id);
    expect(ids).toContain('officeUsers');
    expect(ids).not.toContain('orders');
    expect(ids).not.toContain('officeUserDetails');
    expect(r.body.Data.bookmarks).toEqual([]);
  });

  it('stars and unstars, in order, per admin', async () => {
    const a = await signIn(ctx.app, 'admin');
    const b = await signIn(ctx.app, 'admin');
    const star = (token: string, id: string, starred = true) =>
      callApi(ctx.app, token, API.shell.updateBookmark, { body: { obj: { id, starred } } });
    await star(a.token, 'orders');
    const r = await star(a.token, 'alerts');
    expect(r.body.Data.bookmarks.map((x) => x.id)).toEqual(['orders', 'alerts']);
    expect(r.body.Data.bookmarks[0]).toEqual({
      id: 'orders',
      target: 'orders',
      title: 'nav.orders',
      link: '/orders',
      icon: 'inbox',
      starred: true,
    });
    const again = await star(a.token, 'orders');
    expect(again.body.Data.bookmarks).toHaveLength(2);
    const after = await star(a.token, 'orders', false);
    expect(after.body.Data.bookmarks.map((x) => x.id)).toEqual(['alerts']);
    const other = await callApi(ctx.app, b.token, API.shell.bookmarks, {});
    expect(other.body.Data.bookmarks).toEqual([]);
  });

  it('caps starred shortcuts at 10 and refuses pages the role cannot open', async () => {
    const a = await signIn(ctx.app, 'admin');
    const pages = routesFor('admin')
      .filter((p) => !p.path.includes(':'))
      .slice(0, 11);
    for (const p of pages.slice(0, 10)) {
      const r = await callApi(ctx.app, a.token, API.shell.updateBookmark, {
        body: { obj: { id: p.id, starred: true } },
      });
      expect(r.status).toBe(200);
    }
    const eleventh = await callApi(ctx.app, a.token, API.shell.updateBookmark, {
      body: { obj: { id: pages[10]!.id, starred: true } },
    });
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.Description).toBe('ruleBroken');
    const c = await signIn(ctx.app, 'courier');
    const denied = await callApi(ctx.app, c.token, API.shell.updateBookmark, {
      body: { obj: { id: 'admins', starred: true } },
    });
    expect(denied.status).toBe(404);
    // No starred flag: the typed body requires it.
    const bad = await call(ctx.app, c.token, {
      method: 'POST',
      url: API.shell.updateBookmark.path,
      payload: { obj: { id: 'admins' } },
    });
    expect(bad.status).toBe(400);
  });

  it('searches the pages of the role, grouped as the menu', async () => {
    const s = await signIn(ctx.app, 'store', { company: 'Loja Chiado' });
    const r = await callApi(ctx.app, s.token, API.shell.search, {});
    const menuIds = menuFor('store').flatMap((g) => g.items.map((i) => i.id));
    for (const id of menuIds) expect(r.body.Data.map((x) => x.id)).toContain(id);
    expect(r.body.Data.find((x) => x.id === 'orders')).toMatchObject({
      link: '/orders',
      category: 'orders',
      title: 'nav.orders',
    });
    expect(r.body.Data.some((x) => x.id === 'admins')).toBe(false);
  });
});

describeEachDb('health', (ctx) => {
  it('reports the database, devices, version and instance to an admin', async () => {
    const { token } = await signIn(ctx.app, 'admin');
    const r = await callApi(ctx.app, token, API.shell.health, {});
    expect(r.status).toBe(200);
    expect(r.body.Data).toMatchObject({
      status: 'ok',
      database: { ok: true, dialect: ctx.dialect },
      version: expect.any(String),
    });
    expect(r.body.Data.instance!.length).toBeGreaterThan(0);
    expect(r.body.Data.features).toMatchObject({ scanner: 'both', monitoringLink: true });
  });
});

describeEachDb('first start', (ctx) => {
  it('creates the first admin once, and the demo accounts when asked', async () => {
    const cfg = {
      ...ctx.config,
      adminUsername: 'chefe',
      adminPassword: undefined,
      seedDemo: true,
      demoPassword: 'demo1234',
    };
    const printed = await bootstrap(ctx.app.db, cfg);
    const admin = printed.find((p) => p.username === 'chefe')!;
    expect(admin.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(printed.map((p) => p.role)).toEqual(
      expect.arrayContaining([
        'admin',
        'editor',
        'courier',
        'store',
        'cacifo_importer',
        'security',
        'screen',
        'dash',
      ]),
    );
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/v2/token',
      payload: {
        grant_type: 'password',
        username: 'chefe',
        password: admin.password,
        client_id: 'cacifo-web',
        client_secret: 'cacifo-web-secret',
      },
    });
    expect(token.statusCode).toBe(200);
    const store = await ctx.app.db
      .selectFrom('admins')
      .selectAll()
      .where('username', '=', 'loja')
      .executeTakeFirstOrThrow();
    expect(store.company).toBe('Loja Chiado');
    const sede = await ctx.app.db
      .selectFrom('places')
      .selectAll()
      .where('name', '=', 'Sede')
      .executeTakeFirstOrThrow();
    const doors = await ctx.app.db
      .selectFrom('lockers')
      .select('door_number')
      .where('place_id', '=', sede.id)
      .orderBy('door_number')
      .execute();
    expect(doors.map((d) => d.door_number)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const sizes = await ctx.app.db
      .selectFrom('lockers')
      .innerJoin('places', 'places.id', 'lockers.place_id')
      .select('size')
      .distinct()
      .where('places.type', '=', 'DELIVERY')
      .execute();
    expect(sizes.map((s) => s.size).sort()).toEqual(['L', 'M', 'S', 'XS']);
    // A second start changes nothing and prints nothing.
    expect(await bootstrap(ctx.app.db, cfg)).toEqual([]);
  });
});
