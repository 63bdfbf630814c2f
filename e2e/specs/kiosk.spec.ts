import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';
import { adminApi, kioskWall, openKiosk, typeCode } from '../support/kiosk-wall';

test.describe('kiosk of the delivery wall', () => {
  test('a courier deposits with their PIN, the recipient picks up with the SMS code, in four languages', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const packageId = `SGPTKIO${suffix}`;
    const phone = `93${suffix}1`;
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const created = await callApi(page.request, admin, API.orders.create, {
      body: { packageId, recipientPhone: phone, recipientNumber: `PRT${suffix}` },
    });
    expect(created.status).toBe(200);

    await signIn(page, ACCOUNTS.kiosk, '/kiosk');
    const kiosk = page.getByTestId('kiosk');
    await expect(kiosk).toContainText('Entregas Saldanha');
    // No shell: no sidebar, no navbar search.
    await expect(page.getByTestId('order-search-input')).toHaveCount(0);

    // A wrong pickup code is said in the visitor's language.
    await page.getByTestId('kiosk-lang-es').click();
    await page.getByTestId('kiosk-task-pickup').click();
    for (const d of '000000') await page.getByTestId(`kiosk-pickup-pad-key-${d}`).click();
    await page.getByTestId('kiosk-pickup-pad-ok').click();
    await expect(page.getByTestId('kiosk-error')).toContainText('Código incorrecto');
    await page.getByTestId('kiosk-back').click();

    // The courier (demo PIN 3456) deposits the parcel in a free M locker.
    await page.getByTestId('kiosk-lang-en').click();
    await page.getByTestId('kiosk-task-deposit').click();
    for (const d of '3456') await page.getByTestId(`kiosk-courier-pad-key-${d}`).click();
    await page.getByTestId('kiosk-courier-pad-ok').click();
    await page.getByTestId('kiosk-package').fill(packageId);
    await page.getByTestId('kiosk-package').press('Enter');
    await page.getByTestId('kiosk-size-M').click();
    await expect(page.getByTestId('kiosk-opened')).toContainText(/Door \d+ is open/);
    await page.getByTestId('kiosk-done').click();
    // Back at the start, in Portuguese again for the next person.
    await expect(page.getByTestId('kiosk-task-pickup')).toContainText('Levantar encomenda');

    // The door closes by itself (simulator); the recipient's SMS carries the code.
    let pin = '';
    await expect(async () => {
      const sms = await callApi(page.request, admin, API.notifications.messages, {
        query: { recipient: phone, max_results: 5 },
      });
      const messages = sms.body.Data.messages;
      pin = /(\d{6})/.exec(messages[0]?.body.split('levantamento:')[1] ?? '')?.[1] ?? '';
      expect(pin).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 20_000 });
    await page.getByTestId('kiosk-lang-fr').click();
    await page.getByTestId('kiosk-task-pickup').click();
    for (const d of pin) await page.getByTestId(`kiosk-pickup-pad-key-${d}`).click();
    await page.getByTestId('kiosk-pickup-pad-ok').click();
    await expect(page.getByTestId('kiosk-opened')).toContainText(/Porte \d+ ouverte/);
  });

  test('one code opens both parcels of a recipient; the message and the screen name both', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Entregas Multi', sizes: ['S', 'S', 'S'] });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const phone = `94${suffix}1`;
    const parcels: Array<{ packageId: string; door: number }> = [];
    for (const n of [1, 2]) {
      const packageId = `SGPTMULTI${suffix}${n}`;
      await admin.call(API.orders.create, {
        body: { packageId, recipientPhone: phone, recipientNumber: `PRT${suffix}` },
      });
      const assigned = await admin.call(API.orders.assignLocker, {
        query: { locationId: wall.placeId, size: 'S', packageId },
      });
      await admin.call(API.orders.storePackage, { query: { packageId } });
      parcels.push({ packageId, door: assigned.assignedLocker!.doorNumber });
    }
    const [a, b] = parcels as [(typeof parcels)[0], (typeof parcels)[0]];
    expect(a.door).not.toBe(b.door);

    // The doors close by themselves (simulator); the second parcel's SMS names both, in the plural.
    let pin = '';
    await expect(async () => {
      const { messages } = await admin.call(API.notifications.messages, {
        query: { recipient: phone, max_results: 5 },
      });
      const both = messages.find((m) => m.body.includes('as suas encomendas'));
      expect(both?.body).toContain(
        `as suas encomendas ${a.packageId} e ${b.packageId} estão em ${wall.placeName}`,
      );
      pin = /levantamento: (\d{6})/.exec(both!.body)?.[1] ?? '';
      expect(pin).toMatch(/^\d{6}$/);
    }).toPass({ timeout: 20_000 });

    await openKiosk(page, wall);
    await page.getByTestId('kiosk-task-pickup').click();
    await typeCode(page, 'kiosk-pickup-pad', pin);
    const opened = page.getByTestId('kiosk-opened');
    await expect(opened).toContainText(`Portas ${a.door} e ${b.door} abertas`);
    await expect(opened.locator('.kiosk-door')).toHaveText([String(a.door), String(b.door)]);
    await expect(opened).toContainText('Retire as suas encomendas e feche as portas.');
  });
});
