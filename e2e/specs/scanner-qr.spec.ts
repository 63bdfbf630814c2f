import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ScannerPage } from '../pages/scanner-pages';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';
import { fakeCameraLaunchOptions, writeQrClip } from '../support/fake-camera';

// A registered parcel whose id the fake camera shows as a QR code.
const packageId = `SGPTQR${String(Date.now()).slice(-7)}`;
const clip = join(tmpdir(), `cacifo-scanner-qr-${process.pid}.y4m`);
writeQrClip(packageId, clip);

test.use({ launchOptions: fakeCameraLaunchOptions(clip), permissions: ['camera'] });

test('the QR icon reads a registered parcel and opens its deposit dialog', async ({ page }) => {
  test.setTimeout(60_000);
  const token = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const created = await callApi(page.request, token, API.orders.create, {
    body: { packageId, recipientPhone: '934567890', recipientNumber: 'PT4455' },
  });
  expect(created.status).toBe(200);

  await signIn(page, ACCOUNTS.admin, '/');
  const scanner = new ScannerPage(page);
  await scanner.open('qrcode');
  await expect(page).toHaveURL(/\/orders\/details\/\d+\?deposit=1&size=m$/, { timeout: 30_000 });
  const dialog = scanner.depositDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(packageId);
  await expect(dialog).toContainText('934567890');
});
