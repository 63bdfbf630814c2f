import { expect, test, type BrowserContext } from '@playwright/test';
import { API } from '@cacifo/contract';
import { signIn } from '../support/api';
import { adminApi, kioskWall } from '../support/kiosk-wall';
import { OFFLINE_COURIER_PIN } from '../support/pins';
import { OwnWall } from '../support/own-wall';
import { KioskPage } from '../pages/kiosk-page';

/**
 * Issue #32, "Done when": with the server stopped, the cached kiosk page opens, a code is typed,
 * the door opens. The spec runs a server and a wall of its own (support/own-wall.ts), so stopping
 * the server touches no other spec.
 */
test.describe('the kiosk works offline', () => {
  const world = new OwnWall();
  let context: BrowserContext | null = null;
  test.afterAll(async () => {
    await context?.close();
    world.close();
  });

  test('with the server stopped, the cached kiosk opens and a pickup code opens the door at the wall', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    await world.startServer();
    context = await browser.newContext({ baseURL: world.base, viewport: { width: 1080, height: 1920 } });
    const page = await context.newPage();
    const admin = await adminApi(context.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Offline', sizes: ['S', 'S', 'S', 'S'] });
    const { key } = await admin.call(API.wall.controllerKey, { params: { id: wall.placeId } });
    await world.startWall(wall.placeId, 4, key);

    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    // A courier with a staff PIN, and a parcel with its door reserved, waiting for them.
    const pin = OFFLINE_COURIER_PIN;
    await admin.call(API.admins.create, {
      body: {
        username: `courier${suffix}`,
        name: `Estafeta ${suffix}`,
        kind: 'staff',
        role: 'courier',
        password: 'estafeta-e2e-1',
        confirmPassword: 'estafeta-e2e-1',
        pin,
      },
    });
    const toDeposit = `SGPTOFFD${suffix}`;
    await admin.call(API.orders.create, { body: { packageId: toDeposit, recipientPhone: `97${suffix}1` } });
    const reserved = await admin.call(API.orders.assignLocker, {
      query: { locationId: wall.placeId, size: 'S', packageId: toDeposit },
    });
    const depositDoor = reserved.assignedLocker!.doorNumber;

    // A parcel stored at the wall; its code is sent to the recipient.
    const packageId = `SGPTOFF${suffix}`;
    const phone = `96${suffix}1`;
    const order = await admin.call(API.orders.create, { body: { packageId, recipientPhone: phone } });
    const assigned = await admin.call(API.orders.assignLocker, {
      query: { locationId: wall.placeId, size: 'S', packageId },
    });
    const door = assigned.assignedLocker!.doorNumber;
    await admin.call(API.orders.storePackage, { query: { packageId } });
    // The door closes by itself (the wall's auto-close): the parcel is stored and its code sent.
    let code = '';
    await expect(async () => {
      const o = await admin.call(API.orders.order, { query: { id: order.id } });
      expect(o.state).toBe(4);
      const { messages } = await admin.call(API.notifications.messages, {
        query: { recipient: phone, max_results: 5 },
      });
      code = /levantamento: (\d{6})/.exec(messages[0]?.body ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 30_000 });
    // The wall holds the parcel's code and the courier's PIN (only their keyed hashes).
    await expect.poll(async () => (await world.status()).credentials, { timeout: 30_000 }).toBeGreaterThan(1);

    // The installer opens the kiosk once with its wall's address; the service worker caches it.
    await signIn(page, wall.screen, `/kiosk?wall=${encodeURIComponent(world.local)}`);
    const kiosk = new KioskPage(page);
    await expect(kiosk.screen).toContainText(wall.placeName);
    await expect(kiosk.manifest).toHaveAttribute('href', '/kiosk.webmanifest');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 30_000,
      })
      .toMatch(/\/kiosk-sw\.js$/);
    await expect(kiosk.offline).toHaveCount(0);
    // The worker caches the kiosk's files only, and the back-office is outside its scope.
    const worker = await (await context.request.get('/kiosk-sw.js')).text();
    expect(worker).toMatch(/assets\/kiosk-page-[\w-]+\.js/);
    expect(worker).not.toMatch(/assets\/app-layout-/);
    const office = await context.newPage();
    const officeResponse = await office.goto('/orders');
    expect(officeResponse?.fromServiceWorker()).toBe(false);
    expect(await office.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await office.close();

    await world.killServer();
    await expect.poll(async () => (await world.status()).serverReachable, { timeout: 20_000 }).toBe(false);

    // The page comes from the cache: nothing answers on the server's port any more.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(kiosk.screen).toContainText(wall.placeName);
    await expect(kiosk.offline).toContainText('A funcionar offline');

    await kiosk.chooseLanguage('en');
    await expect(kiosk.offline).toContainText('Working offline');
    await kiosk.chooseTask('pickup');
    await kiosk.pickup.enterCode(code);
    await expect(kiosk.opened).toContainText(`Door ${door} is open`);

    // The wall agrees: the code was used there (once), and the opening waits in its journal.
    expect(await world.keypad(code)).toMatchObject({ ok: false, reason: 'used' });
    expect((await world.status()).journalPending).toBeGreaterThan(0);

    // The courier deposits the waiting parcel: the wall opens its reserved door.
    await kiosk.done.click();
    await kiosk.chooseTask('deposit');
    await kiosk.deposit.enterCode(pin);
    await kiosk.deposit.enterPackage(toDeposit);
    await expect(kiosk.opened).toContainText(`Porta ${depositDoor} aberta`);
    await expect(kiosk.offline).toBeVisible();

    // The server is back: the kiosk is back in server mode by itself, every task offered again.
    await kiosk.done.click();
    await world.startServer();
    await expect(kiosk.offline).toHaveCount(0, { timeout: 20_000 });
    await expect(kiosk.task('pickup')).toBeVisible();
    await expect(kiosk.task('deposit')).toBeVisible();
  });
});
