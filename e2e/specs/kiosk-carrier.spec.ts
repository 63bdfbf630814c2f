import { expect, test } from '@playwright/test';
import { adminApi, kioskAxe, kioskShot, kioskWall, openKiosk, typeCode } from '../support/kiosk-wall';

/**
 * Issue #33, the delivery wall in portrait (1080x1920): every screen fills the height, passes axe,
 * and a screenshot of each is saved in /tmp (kiosk-delivery-*.png) for a person to look at.
 */
test.describe('the delivery wall', () => {
  test('its screens fill a portrait screen and pass axe', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Parede Retrato', sizes: ['S', 'M', 'L'] });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const packageId = `SGPTPORT${suffix}`;
    await admin.call('post', '/api/delivery/order', {
      packageId,
      recipientPhone: `95${suffix}1`,
      recipientNumber: `PRT${suffix}`,
    });

    await openKiosk(page, wall);
    await expect(page.getByTestId('kiosk-task-pickup')).toBeVisible();
    expect(await kioskAxe(page)).toEqual([]);
    await kioskShot(page, 'delivery-home');

    await page.getByTestId('kiosk-task-pickup').click();
    await page.getByTestId('kiosk-pickup-pad-key-4').click();
    expect(await kioskAxe(page)).toEqual([]);
    await kioskShot(page, 'delivery-pickup');
    await page.getByTestId('kiosk-back').click();

    await page.getByTestId('kiosk-task-deposit').click();
    await expect(page.getByTestId('kiosk-courier-pad')).toBeVisible();
    expect(await kioskAxe(page)).toEqual([]);
    await kioskShot(page, 'delivery-deposit-code');
    // The demo courier's PIN, then the parcel and a size.
    await typeCode(page, 'kiosk-courier-pad', '3456');
    await page.getByTestId('kiosk-package').fill(packageId);
    await kioskShot(page, 'delivery-deposit-package');
    await page.getByTestId('kiosk-package').press('Enter');
    await expect(page.getByTestId('kiosk-size-M')).toBeEnabled();
    expect(await kioskAxe(page)).toEqual([]);
    await kioskShot(page, 'delivery-deposit-size');
    await page.getByTestId('kiosk-size-M').click();
    await expect(page.getByTestId('kiosk-opened')).toContainText('Porta 2 aberta');
    expect(await kioskAxe(page)).toEqual([]);
    await kioskShot(page, 'delivery-opened');
  });
});
