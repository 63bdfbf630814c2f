import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ScannerPage } from '../pages/scanner-pages';
import { ShellPage } from '../pages/shell-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';
import { fakeCameraLaunchOptions, writeCode128Clip } from '../support/fake-camera';

// An unknown SGPT parcel, shown to Chromium's fake camera as a Code 128 label.
const packageId = `SGPT${String(Date.now()).slice(-8)}`;
const clip = join(tmpdir(), `cacifo-scanner-${process.pid}.y4m`);
writeCode128Clip(packageId, clip);

test.use({ launchOptions: fakeCameraLaunchOptions(clip), permissions: ['camera'] });

test.describe('navbar scanner', () => {
  test('reads an unknown SGPT label, registers it and reaches the deposit dialog', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, ACCOUNTS.admin, '/');
    const scanner = new ScannerPage(page);
    await expect(scanner.icon('barcode')).toBeVisible();
    await expect(scanner.icon('qrcode')).toBeVisible();
    await scanner.open('barcode');
    await expect(scanner.cancel).toBeVisible();

    await scanner.confirmRegister(packageId);
    await expect(scanner.registerPackage).toHaveValue(packageId);

    // Bad input first: the version-2 rules refuse it and nothing is saved.
    await scanner.register({ reference: 'ABC1', phone: '1234' });
    await expect(scanner.text('Os dados introduzidos não são válidos.')).toBeVisible();
    await expect(scanner.registerForm).toContainText('A referência deve começar por PRT ou PT.');

    await scanner.register({ reference: 'PRT778899', phone: '912345678' });
    await expect(scanner.text('Encomenda registada com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/details\/\d+\?deposit=1&size=m$/);
    const dialog = scanner.depositDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(packageId);
    await expect(dialog).toContainText('912345678');
  });

  test('a courier scanning the now registered parcel lands on its deposit dialog', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, ACCOUNTS.courier, '/courier');
    const scanner = new ScannerPage(page);
    await scanner.open('barcode');
    await expect(page).toHaveURL(new RegExp(`/courier\\?packageId=${packageId}$`), { timeout: 30_000 });
    const dialog = scanner.depositDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(packageId);
  });

  test('cancel closes the camera', async ({ page }) => {
    await signIn(page, ACCOUNTS.courier, '/courier');
    const scanner = new ScannerPage(page);
    await scanner.open('qrcode');
    await scanner.cancel.click();
    await expect(scanner.overlay).toBeHidden();
  });

  test('roles that do not handle parcels see no scanner', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor, '/');
    await expect(new ShellPage(page).navbar).toBeVisible();
    await expect(new ScannerPage(page).icon('barcode')).toHaveCount(0);
  });
});
