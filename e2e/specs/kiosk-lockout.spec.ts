import { expect, test, type Page } from '@playwright/test';
import { API } from '@cacifo/contract';
import { simulatorDoor } from '../support/api';
import { givePin } from '../support/pins';
import { adminApi, kioskWall, type AdminApi } from '../support/kiosk-wall';
import { KioskPage } from '../pages/kiosk-page';

/** The recipient's pickup code, as the SMS in the outbox carries it. */
async function pickupCode(page: Page, admin: AdminApi, phone: string) {
  let code = '';
  await expect(async () => {
    const { messages } = await admin.call(API.notifications.messages, {
      query: { recipient: phone, max_results: 5 },
    });
    code = /levantamento: (\d{6})/.exec(messages[0]?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 20_000 });
  return code;
}

/**
 * Issue #33: ten wrong codes at a wall no longer lock the next person out (docs/adr/0130). Each
 * wall is the spec's own, with its own screen account, so no other spec's counters or doors count.
 */
test.describe('kiosk lock-out is per credential', () => {
  test('delivery wall: ten wrong pickup codes, then the next recipient’s code opens their door', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Bloqueio Entregas', sizes: ['M', 'M'] });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const phone = `92${suffix}4`;
    const packageId = `SGPTLOCK${suffix}`;
    const order = await admin.call(API.orders.create, {
      body: { packageId, recipientPhone: phone, recipientNumber: `PRT${suffix}` },
    });
    const assigned = await admin.call(API.orders.assignLocker, {
      query: { locationId: wall.placeId, size: 'M', packageId },
    });
    const door = assigned.assignedLocker!.doorNumber;
    await admin.call(API.orders.storePackage, { query: { packageId } });
    await simulatorDoor(page.request, admin.token, wall.placeId, door, 'close');
    await expect(async () => {
      const o = await admin.call(API.orders.order, { query: { id: order.id } });
      expect(o.state).toBe(4);
    }).toPass({ timeout: 15_000 });
    const code = await pickupCode(page, admin, phone);

    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await kiosk.chooseTask('pickup');
    for (let i = 0; i < 10; i++) {
      const wrong = String(300000 + i) === code ? '399999' : String(300000 + i);
      await kiosk.pickup.enterCode(wrong);
      await expect(kiosk.error).toHaveText('Código errado. Verifique o SMS e tente de novo.');
    }
    await kiosk.pickup.enterCode(code);
    await expect(kiosk.opened).toContainText(`Porta ${door} aberta`);
  });

  test('office wall: ten wrong PINs, then the next person’s PIN is known', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'OFFICE', name: 'Bloqueio Escritório', sizes: ['M', 'M'] });
    const name = `Pessoa Bloqueio ${Date.now() % 100_000}`;
    const user = await admin.call(API.office.createUser, { body: { name } });
    const pin = await givePin(admin, user.id);

    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await kiosk.chooseTask('assets');
    let tried = 0;
    for (let p = 9000; tried < 10; p++) {
      if (String(p) === pin) continue;
      tried++;
      await kiosk.assets.enterPin(String(p));
      await expect(kiosk.error).toHaveText('Cartão ou PIN não reconhecido.');
    }
    await kiosk.assets.enterPin(pin);
    await expect(kiosk.assets.screen).toContainText(`Olá, ${name}`);
  });
});
