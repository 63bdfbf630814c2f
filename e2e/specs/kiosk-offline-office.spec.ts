import { expect, test, type BrowserContext } from '@playwright/test';
import { API } from '@cacifo/contract';
import { signIn } from '../support/api';
import { givePin } from '../support/pins';
import { adminApi, kioskWall } from '../support/kiosk-wall';
import { OwnWall } from '../support/own-wall';
import { KioskPage } from '../pages/kiosk-page';

/**
 * Issue #32 with ADR 0160 at an office wall: with the server stopped, the cached kiosk still offers
 * "open my locker", and the wall's controller opens the person's locker for their card or PIN. The
 * spec runs a server and a wall of its own (support/own-wall.ts).
 */
test.describe('the office kiosk works offline', () => {
  const world = new OwnWall();
  let context: BrowserContext | null = null;
  test.afterAll(async () => {
    await context?.close();
    world.close();
  });

  test('with the server stopped, a card and a PIN open the person’s own locker through the wall', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    await world.startServer();
    context = await browser.newContext({ baseURL: world.base, viewport: { width: 1080, height: 1920 } });
    const page = await context.newPage();
    const admin = await adminApi(context.request);
    const wall = await kioskWall(admin, {
      type: 'OFFICE',
      name: 'Escritório offline',
      sizes: ['S', 'S', 'S'],
    });
    const { key } = await admin.call(API.wall.controllerKey, { params: { id: wall.placeId } });
    await world.startWall(wall.placeId, 3, key);

    // An office user with a card, a PIN and door 2 as her locker.
    const suffix = Date.now() % 100000;
    const card = `0C0F${suffix.toString(16).toUpperCase().padStart(5, '0')}`;
    const user = await admin.call(API.office.createUser, { body: { name: `Inês Offline ${suffix}` } });
    await admin.call(API.office.updateUser, { body: { id: user.id, card } });
    const pin = await givePin(admin, user.id);
    await admin.call(API.office.addLockers, {
      body: { userId: user.id, lockerIds: [wall.lockers.get(2)!.id] },
    });
    // The wall holds her credential (keyed hashes of the card and the PIN), pushed as it was saved.
    await expect.poll(async () => (await world.status()).credentials, { timeout: 30_000 }).toBe(1);

    await signIn(page, wall.screen, `/kiosk?wall=${encodeURIComponent(world.local)}`);
    const kiosk = new KioskPage(page);
    await expect(kiosk.screen).toContainText(wall.placeName);
    await expect(kiosk.task('assets')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
        timeout: 30_000,
      })
      .toMatch(/\/kiosk-sw\.js$/);

    await world.killServer();
    await expect.poll(async () => (await world.status()).serverReachable, { timeout: 20_000 }).toBe(false);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(kiosk.offline).toContainText('A funcionar offline');
    // Only what the wall does alone: her locker, not the assets (the server's tasks).
    await expect(kiosk.task('openLocker')).toBeVisible();
    await expect(kiosk.task('assets')).toHaveCount(0);

    await kiosk.chooseTask('openLocker');
    await kiosk.swipeCard(card);
    await expect(kiosk.opened).toContainText('Porta 2 aberta');

    await kiosk.done.click();
    await kiosk.chooseLanguage('en');
    await kiosk.chooseTask('openLocker');
    await kiosk.openLocker.enterPin(pin);
    await expect(kiosk.opened).toContainText('Door 2 is open');

    // A card the wall does not know is refused in the wall's own words.
    await kiosk.done.click();
    await kiosk.chooseLanguage('en');
    await kiosk.chooseTask('openLocker');
    await kiosk.swipeCard('0CFFFFFFFF');
    await expect(kiosk.error).toBeVisible();
    // Both openings wait in the wall's journal for the server.
    expect((await world.status()).journalPending).toBeGreaterThan(0);
  });
});
