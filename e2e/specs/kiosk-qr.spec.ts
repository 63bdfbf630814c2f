import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { bearer, signIn, tokenFor } from '../support/api';
import { fakeCameraLaunchOptions, writeQrClip } from '../support/fake-camera';

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
    const places = await page.request.get('/api/julian/deliveryLockers', { headers: bearer(admin) });
    const wall = ((await places.json()).Data as Array<{ id: number; name: string }>).find(
      (p) => p.name === 'Entregas Saldanha',
    )!;
    const created = await page.request.post('/api/delivery/order', {
      headers: bearer(admin),
      data: { packageId, recipientPhone: phone, recipientNumber: `PRT${suffix}` },
    });
    expect(created.status()).toBe(200);
    for (const url of [
      `/api/delivery/assignLocker?locationId=${wall.id}&size=S&packageId=${packageId}`,
      `/api/delivery/storePackage?packageId=${packageId}`,
    ])
      expect((await page.request.get(url, { headers: bearer(admin) })).status()).toBe(200);

    // The door closes by itself (simulator); the SMS carries the pickup page's link.
    let link = '';
    await expect(async () => {
      const sms = await page.request.get(`/api/admin/messages?recipient=${phone}&max_results=5`, {
        headers: bearer(admin),
      });
      const messages = (await sms.json()).Data.messages as Array<{ body: string }>;
      link = /(https?:\/\/\S+\/pickup\/qr\?c=\S+)/.exec(messages[0]?.body ?? '')?.[1] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 20_000 });
    // What the camera sees: a QR made of that link (a phone showing the message's QR, a poster).
    writeQrClip(link, video);

    await signIn(page, ACCOUNTS.kiosk, '/kiosk');
    await page.getByTestId('kiosk-task-pickup').click();
    await page.getByTestId('kiosk-scan-qr').click();
    await expect(page.getByTestId('kiosk-camera')).toBeVisible();
    await expect(page.getByTestId('kiosk-opened')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('kiosk-opened')).toContainText(/Porta \d+ aberta/);
  });
});
