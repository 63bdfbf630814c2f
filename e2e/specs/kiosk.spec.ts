import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';
import { adminApi, kioskWall } from '../support/kiosk-wall';
import { KioskPage } from '../pages/kiosk-page';

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
    const kiosk = new KioskPage(page);
    await expect(kiosk.screen).toContainText('Entregas Saldanha');
    // No shell: no sidebar, no navbar search.
    await expect(kiosk.orderSearch).toHaveCount(0);

    // A wrong pickup code is said in the visitor's language.
    await kiosk.chooseLanguage('es');
    await kiosk.chooseTask('pickup');
    await kiosk.pickup.enterCode('000000');
    await expect(kiosk.error).toContainText('Código incorrecto');
    await kiosk.back.click();

    // The courier (demo PIN 3456) deposits the parcel in a free M locker.
    await kiosk.chooseLanguage('en');
    await kiosk.chooseTask('deposit');
    await kiosk.deposit.enterCode('3456');
    await kiosk.deposit.enterPackage(packageId);
    await kiosk.deposit.size('M').click();
    await expect(kiosk.opened).toContainText(/Door \d+ is open/);
    await kiosk.done.click();
    // Back at the start, in Portuguese again for the next person.
    await expect(kiosk.task('pickup')).toContainText('Levantar encomenda');

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
    await kiosk.chooseLanguage('fr');
    await kiosk.chooseTask('pickup');
    await kiosk.pickup.enterCode(pin);
    await expect(kiosk.opened).toContainText(/Porte \d+ ouverte/);
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

    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await kiosk.chooseTask('pickup');
    await kiosk.pickup.enterCode(pin);
    await expect(kiosk.opened).toContainText(`Portas ${a.door} e ${b.door} abertas`);
    await expect(kiosk.openedDoors).toHaveText([String(a.door), String(b.door)]);
    await expect(kiosk.opened).toContainText('Retire as suas encomendas e feche as portas.');
  });
});
