import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { adminApi, kioskWall, type AdminApi } from '../support/kiosk-wall';
import { KioskPage } from '../pages/kiosk-page';

/*
 * Issue #33: free mode of the marketplace settings at the wall, in a portrait 1080x1920 browser, in
 * Portuguese and English: no price, no payment step, the PIN and QR, the door opens. Free mode is
 * one setting for the whole marketplace, so this spec runs alone in the `exclusive` project, after
 * every other spec (playwright.config.ts), and puts the settings back as it found them.
 */

/** Screenshots of each step, portrait, when asked (KIOSK_SHOTS_DIR): looked at by hand, not compared. */
async function shot(page: Page, name: string) {
  const dir = process.env.KIOSK_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function setFreeMode(admin: AdminApi, freeMode: boolean) {
  const s = await admin.call(API.marketplace.settings, {});
  const { webhookSecret: _w, highestActivePriceCents: _h, ...editable } = s;
  await admin.call(API.marketplace.updateSettings, { body: { ...editable, freeMode } });
}

test.describe('kiosk of the marketplace wall in free mode', () => {
  test.afterAll(async ({ request }) => setFreeMode(await adminApi(request), false));

  for (const lang of ['pt', 'en'] as const) {
    test(`${lang}: rent with no payment step, get the PIN, the door opens`, async ({ page }) => {
      const admin = await adminApi(page.request);
      await setFreeMode(admin, true);
      const wall = await kioskWall(admin, { type: 'MARKETPLACE', name: `Livre ${lang}`, sizes: ['S', 'M'] });
      const kiosk = new KioskPage(page);
      const rental = kiosk.rental;
      await kiosk.open(wall);
      if (lang === 'en') await kiosk.chooseLanguage('en');
      await kiosk.chooseTask('rent');
      await rental.chooseType('visitor');
      await rental.chooseSize('M');
      await rental.choosePack(lang === 'pt' ? /^2 horas/ : /^2 hours/);
      // No price to pay and no way to pay: one button takes the locker.
      await expect(rental.method('mbway')).toHaveCount(0);
      await expect(rental.method('creditCard')).toHaveCount(0);
      await expect(rental.confirmFree).toHaveText(lang === 'pt' ? 'Quero o meu cacifo' : 'Get my locker');
      await shot(page, `free-${lang}-01-confirm`);
      await rental.confirmFree.click();
      await expect(rental.doorOpen).toContainText(
        lang === 'pt' ? /A porta \d+ está aberta/ : /Door \d+ is open/,
      );
      const pin = await rental.readPin();
      expect(pin).toMatch(/^\d{6}$/);
      await expect(rental.qr).toBeVisible();
      await shot(page, `free-${lang}-02-ticket`);
      const { transactions } = await admin.call(API.marketplace.transactions, {
        query: { placeId: wall.placeId },
      });
      expect(transactions.map((t) => [t.status, t.method, t.totalCostCents])).toEqual([['paid', null, 0]]);

      // Back with the PIN (the keypad screen, looked at in portrait), then ended: nothing to pay.
      await kiosk.done.click();
      if (lang === 'en') await kiosk.chooseLanguage('en');
      await kiosk.chooseTask('rental');
      await shot(page, `free-${lang}-03-keypad`);
      await rental.enterPin(pin);
      await rental.endRental();
      await expect(rental.ended).toContainText(
        lang === 'pt' ? /A porta \d+ está aberta/ : /Door \d+ is open/,
      );
      await expect(rental.endWords).toHaveText(
        lang === 'pt' ? 'Este aluguer foi gratuito.' : 'This rental was free of charge.',
      );
      await shot(page, `free-${lang}-04-ended`);
    });
  }
});
