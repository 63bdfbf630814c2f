import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { callApi, tokenFor } from '../support/api';
import { fakeCameraLaunchOptions, writeQrClip } from '../support/fake-camera';
import { adminApi, kioskWall } from '../support/kiosk-wall';
import { KioskPage } from '../pages/kiosk-page';

// One file per worker: the browser of this spec films it through Chromium's fake camera.
const video = join(tmpdir(), `cacifo-kiosk-rental-qr-${process.pid}.y4m`);
writeQrClip('nothing yet', video);

test.use({ launchOptions: fakeCameraLaunchOptions(video), permissions: ['camera'] });

/** Issue #33: the QR the marketplace wall shows with a rental's PIN finds the rental at its camera. */
test('the rental QR shown to the marketplace wall camera opens the rental, which ends', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminApi(page.request);
  const wall = await kioskWall(admin, { type: 'MARKETPLACE', name: 'Mercado QR', sizes: ['M'] });
  // The rental made at this wall's screen (as its rent screen does), paid by card through the sandbox.
  const screen = (await tokenFor(page.request, wall.screen)).access_token;
  const catalog = await callApi(page.request, screen, API.rentals.catalog, {});
  const packs = catalog.body.Data.packs;
  const pack = packs.find((p) => p.type === 'visitor' && p.hours === 1)!;
  const rented = await callApi(page.request, screen, API.rentals.rent, {
    body: { packId: pack.id, method: 'creditCard' },
  });
  expect(rented.status).toBe(200);
  const { qrCode, doorNumber } = rented.body.Data;
  // What the camera sees: the customer's phone showing the photographed QR.
  writeQrClip(qrCode, video);

  const kiosk = new KioskPage(page);
  await kiosk.open(wall);
  await kiosk.chooseTask('rental');
  await kiosk.rental.scanQr.click();
  await expect(kiosk.camera).toBeVisible();
  await expect(kiosk.rental.manage).toContainText(`Cacifo ${doorNumber}`, { timeout: 20_000 });
  await kiosk.rental.endRental();
  await expect(kiosk.rental.endWords).toContainText('Foi cobrado 3,00 €.');
});
