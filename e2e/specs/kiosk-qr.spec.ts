import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';
import { fakeCameraLaunchOptions, writeQrClip } from '../support/fake-camera';
import { KioskPage } from '../pages/kiosk-page';

// One file per worker: the browser of this spec films it through Chromium's fake camera.
const video = join(tmpdir(), `cacifo-kiosk-qr-${process.pid}.y4m`);
writeQrClip('nothing yet', video);

test.use({ launchOptions: fakeCameraLaunchOptions(video), permissions: ['camera'] });

test.describe('kiosk QR reader', () => {
  test('the QR of the pickup link from the message opens the locker', async ({ page }) => {
    test.setTimeout(90_000);
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const packageId = `SGPTQR${suffix}`;
    const phone = `92${suffix}1`;
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const places = await callApi(page.request, admin, API.orders.deliveryPlaces, {});
    const wall = places.body.Data.find((p) => p.name === 'Entregas Saldanha')!;
    const created = await callApi(page.request, admin, API.orders.create, {
      body: { packageId, recipientPhone: phone, recipientNumber: `PRT${suffix}` },
    });
    expect(created.status).toBe(200);
    const assigned = await callApi(page.request, admin, API.orders.assignLocker, {
      query: { locationId: wall.id, size: 'S', packageId },
    });
    expect(assigned.status).toBe(200);
    const stored = await callApi(page.request, admin, API.orders.storePackage, { query: { packageId } });
    expect(stored.status).toBe(200);

    // The door closes by itself (simulator); the SMS carries the pickup page's link.
    let link = '';
    await expect(async () => {
      const sms = await callApi(page.request, admin, API.notifications.messages, {
        query: { recipient: phone, max_results: 5 },
      });
      const messages = sms.body.Data.messages;
      link = /(https?:\/\/\S+\/pickup\/qr\?c=\S+)/.exec(messages[0]?.body ?? '')?.[1] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 20_000 });
    // What the camera sees: a QR made of that link (a phone showing the message's QR, a poster).
    writeQrClip(link, video);

    await signIn(page, ACCOUNTS.kiosk, '/kiosk');
    const kiosk = new KioskPage(page);
    await kiosk.chooseTask('pickup');
    await kiosk.pickup.scanQr.click();
    await expect(kiosk.camera).toBeVisible();
    await expect(kiosk.opened).toBeVisible({ timeout: 20_000 });
    await expect(kiosk.opened).toContainText(/Porta \d+ aberta/);
  });
});
