import { beforeAll, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { API } from '@cacifo/contract';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { bindScreen, createPlace } from './helpers/fixtures.js';
import { closeDoor, depositOrder, lastPickupCode, newPhone, waitForState } from './helpers/order-fixtures.js';

/** Reads the QR the page draws: qrcode-generator's SVG is one square per dark module ("M x,y ..."). */
function decodeSvgQr(html: string): string | null {
  const svg = /<svg[^>]*viewBox="0 0 (\d+) (\d+)"[\s\S]*?<\/svg>/.exec(html);
  if (!svg) return null;
  const size = Number(svg[1]);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  const path = /<path d="([^"]+)"/.exec(svg[0])![1]!;
  const cell = Number(/l(\d+),0/.exec(path)![1]);
  for (const m of path.matchAll(/M(\d+),(\d+)/g)) {
    const [x0, y0] = [Number(m[1]), Number(m[2])];
    for (let y = y0; y < y0 + cell; y++)
      for (let x = x0; x < x0 + cell; x++) pixels.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
  }
  return jsQR(pixels, size, size)?.data ?? null;
}

describeEachDb('the public pickup page the QR link opens', (ctx) => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let placeId: number;
  let address = 0;
  /** Each test from an address of its own: the limit counts per address. */
  const visit = (url: string, headers: Record<string, string> = {}, from = `10.9.0.${++address}`) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress: from });
  const linkOf = async (orderId: number) => {
    const sms = await ctx.app.db
      .selectFrom('messages')
      .select('body')
      .where('order_id', '=', orderId)
      .where('channel', '=', 'sms')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/pickup\/qr\?c=\S+/.exec(sms.body)?.[0];
    expect(link).toBeDefined();
    return new URL(link!);
  };

  beforeAll(async () => {
    admin = await signIn(ctx.app, 'admin');
    ({ placeId } = await createPlace(ctx.app, {
      name: 'Entregas <Oriente>',
      type: 'DELIVERY',
      doors: 4,
      sizes: ['S'],
    }));
    await ctx.app.db
      .updateTable('places')
      .set({ address: 'Av. D. João II 1' })
      .where('id', '=', placeId)
      .execute();
  });

  it("shows the QR of the message's code, the place and the time to collect by, in the recipient's language", async () => {
    const phone = newPhone();
    const first = await depositOrder(ctx.app, admin.token, placeId, 'S', {
      recipientPhone: phone,
      recipientLanguage: 'en',
    });
    const second = await depositOrder(ctx.app, admin.token, placeId, 'S', {
      recipientPhone: phone,
      recipientLanguage: 'en',
    });
    const link = await linkOf(second.id);
    const { pin, qr } = await lastPickupCode(ctx.app, second.id);
    expect(link.searchParams.get('c')).toBe(qr);
    const res = await visit(`${link.pathname}${link.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Collect by');
    // One code opens both parcels: the page names both; the place's name is escaped.
    expect(res.body).toContain(`${first.packageId}, ${second.packageId}`);
    expect(res.body).toContain('Entregas &lt;Oriente&gt;, Av. D. João II 1');
    // The typed code is in the message, not on a page anyone holding the link can open.
    const words = res.body
      .replace(/<svg[\s\S]*<\/svg>/, '')
      .replaceAll(first.packageId, '')
      .replaceAll(second.packageId, '');
    expect(words).not.toContain(pin);
    expect(decodeSvgQr(res.body)).toBe(qr);

    // Collected: the same link now shows nothing of the parcels.
    const screen = await signIn(ctx.app, 'screen');
    await bindScreen(ctx.app, screen.id, placeId);
    const opened = await callApi(ctx.app, screen.token, API.orders.kioskPickup, {
      body: { placeId, qrCode: link.toString() },
    });
    expect(opened.status).toBe(200);
    await ctx.app.devices.events.drain();
    closeDoor(ctx.app, placeId, first.assignedLocker!.doorNumber);
    closeDoor(ctx.app, placeId, second.assignedLocker!.doorNumber);
    await waitForState(ctx.app, admin.token, first.id, 7);
    await waitForState(ctx.app, admin.token, second.id, 7);
    const gone = await visit(`${link.pathname}${link.search}`, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Code not valid');
    expect(gone.body).not.toContain(first.packageId);
    expect(gone.body).not.toContain('Oriente');
    expect(gone.body).not.toContain('<svg');
  });

  it('answers unknown and malformed codes alike, in the browser language, pt by default', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientLanguage: 'pt' });
    const link = await linkOf(stored.id);
    const ok = await visit(`${link.pathname}${link.search}`);
    expect(ok.body).toContain('<html lang="pt">');
    expect(ok.body).toContain('Levante até');
    const real = link.searchParams.get('c')!;
    const forged = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/pickup/qr?c=${encodeURIComponent(forged)}`,
      '/pickup/qr?c=%27%20OR%201%3D1--',
      '/pickup/qr',
    ]) {
      const res = await visit(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Código não válido');
      expect(res.body).not.toContain(stored.packageId);
    }
    const fr = await visit('/pickup/qr?c=nope', { 'accept-language': 'fr-FR' });
    expect(fr.body).toContain('Code non valide');
  });

  it('refuses every code from an address after 10 unknown ones, with Retry-After', async () => {
    const stored = await depositOrder(ctx.app, admin.token, placeId, 'S', { recipientLanguage: 'pt' });
    const link = await linkOf(stored.id);
    const from = '10.9.1.1';
    // Valid codes never count.
    for (let i = 0; i < 12; i++)
      expect((await visit(`${link.pathname}${link.search}`, {}, from)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await visit(`/pickup/qr?c=CACIFO-1-guess${i}xxxx`, {}, from)).statusCode).toBe(404);
    const blocked = await visit(`${link.pathname}${link.search}`, {}, from);
    expect(blocked.statusCode).toBe(429);
    // The wait left in the 15-minute window (a second may have passed since it opened).
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(880);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.body).toContain('Demasiadas tentativas');
    // It says how long to wait (the window's 15 minutes), not "a few minutes".
    expect(blocked.body).toContain('Tente de novo dentro de 15 minutos.');
    expect(blocked.body).not.toContain(stored.packageId);
    // Another address is not affected.
    expect((await visit(`${link.pathname}${link.search}`, {}, '10.9.1.2')).statusCode).toBe(200);
  });
});
