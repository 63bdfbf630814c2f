import { expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';

describeEachDb('office kiosk: location binding and guessing', (ctx) => {
  it('a screen bound to one office location cannot open another one', async () => {
    const screen = await signIn(ctx.app, 'screen');
    const home = await createPlace(ctx.app, { name: 'Piso 1', doors: 2 });
    const other = await createPlace(ctx.app, { name: 'Piso 2', doors: 2 });
    await bindScreen(ctx.app, screen.id, home.placeId);
    const r = await callApi(ctx.app, screen.token, API.office.kioskOpen, {
      body: { placeId: other.placeId, pin: '1234' },
    });
    expect(r.status).toBe(403);
    expect(r.body.Description).toBe('forbidden');
    const here = await callApi(ctx.app, screen.token, API.office.kioskOpen, {
      body: { placeId: home.placeId, pin: '1234' },
    });
    expect(here.body.Description).toBe('accessDenied');
  });

  it('holds back, briefly, a screen that keeps trying unknown PINs (docs/adr/0130)', async () => {
    const screen = await signIn(ctx.app, 'screen');
    const place = await createPlace(ctx.app, { name: 'Piso 3', doors: 2 });
    await bindScreen(ctx.app, screen.id, place.placeId);
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await callApi(ctx.app, screen.token, API.office.kioskOpen, {
        body: { placeId: place.placeId, pin: String(9000 + i) },
      });
      codes.push(r.body.Description);
    }
    expect(codes.slice(0, 11).every((c) => c === 'accessDenied')).toBe(true);
    expect(codes[11]).toBe('tooManyAttempts');
  });
});
