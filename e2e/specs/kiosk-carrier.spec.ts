import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, type CallInput, type Endpoint, type ReplyOf } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callData, signIn } from '../support/api';
import { adminApi, kioskWall, type AdminApi } from '../support/kiosk-wall';
import { seriousAxeIssues } from '../support/axe';
import { KioskOrderDepositDialog } from '../pages/kiosk-back-office';
import { KioskPage } from '../pages/kiosk-page';

/**
 * A partner key of a client of the spec's own, granted `placeIds` (ADR 0190: a key pre-advises to
 * its client's granted locations only), and its calls to the partner API.
 */
async function partner(request: APIRequestContext, admin: AdminApi, name: string, placeIds: number[]) {
  const made = await admin.call(API.apiKeys.create, {
    body: {
      name,
      scopes: ['orders:write', 'orders:read', 'lockers:read', 'webhooks:manage'],
      companyId: name,
    },
  });
  const { clients } = await admin.call(API.clients.list, {});
  const client = clients.find((c) => c.name === name)!;
  await admin.call(API.clients.setGrants, {
    params: { id: client.id },
    body: { placeIds, updatedAt: client.updatedAt },
  });
  return {
    call: <E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<ReplyOf<E>> =>
      callData(request, made.key, endpoint, input),
  };
}

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
    await admin.call(API.orders.create, {
      body: { packageId, recipientPhone: `95${suffix}1`, recipientNumber: `PRT${suffix}` },
    });

    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await expect(kiosk.task('pickup')).toBeVisible();
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-home');

    await kiosk.chooseTask('pickup');
    await kiosk.pickup.pad.key('4').click();
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-pickup');
    await kiosk.back.click();

    await kiosk.chooseTask('deposit');
    await expect(kiosk.deposit.pad.pad).toBeVisible();
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-deposit-code');
    // The demo courier's PIN, then the parcel and a size.
    await kiosk.deposit.enterCode('3456');
    await kiosk.deposit.typePackage(packageId);
    await kiosk.shot('delivery-deposit-package');
    await kiosk.deposit.submitPackage();
    await expect(kiosk.deposit.size('M')).toBeEnabled();
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-deposit-size');
    await kiosk.deposit.size('M').click();
    await expect(kiosk.opened).toContainText('Porta 2 aberta');
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-opened');
  });

  test("a carrier's courier deposits with the carrier's 8-digit code of the day", async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, {
      type: 'DELIVERY',
      name: 'Parede Transportadora',
      sizes: ['S', 'M', 'M'],
    });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const carrier = await partner(page.request, admin, `Transportadora E2E ${suffix}`, [wall.placeId]);
    // Two parcels pre-advised to this wall: one with its size, one without.
    const sized = `SGPTCAR${suffix}1`;
    const unsized = `SGPTCAR${suffix}2`;
    await carrier.call(API.partner.createOrder, {
      body: {
        packageId: sized,
        recipientPhone: `96${suffix}1`,
        recipientNumber: `REF${suffix}1`,
        size: 'M',
        locationId: wall.placeId,
      },
    });
    await carrier.call(API.partner.createOrder, {
      body: { packageId: unsized, recipientPhone: `96${suffix}2`, locationId: wall.placeId },
    });
    const { codes } = await carrier.call(API.partner.courierCodes, {});
    const code = codes.find((c) => c.locationId === wall.placeId)!.code;
    expect(code).toMatch(/^\d{8}$/);

    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await kiosk.chooseTask('deposit');
    // A wrong code of the day is refused, said as a wrong code.
    await kiosk.deposit.enterCode(code === '00000000' ? '11111111' : '00000000');
    await expect(kiosk.error).toBeVisible();
    await kiosk.deposit.enterCode(code);
    const list = kiosk.deposit.carrierParcels;
    await expect(list).toContainText(sized);
    await expect(list).toContainText(unsized);
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-carrier-parcels');

    // The sized parcel opens an M locker at once.
    await kiosk.deposit.carrierParcel(sized).click();
    await expect(kiosk.opened).toContainText(/Porta [23] aberta/);
    await kiosk.shot('delivery-carrier-opened');
    // Another parcel: the list again, without the one just deposited; this one asks for a size.
    await kiosk.more.click();
    await expect(list).toContainText(unsized);
    await expect(list).not.toContainText(sized);
    await kiosk.deposit.carrierParcel(unsized).click();
    await kiosk.deposit.size('S').click();
    await expect(kiosk.opened).toContainText('Porta 1 aberta');

    // The partner sees both parcels in lockers of this wall (the simulator closes the doors).
    await expect(async () => {
      for (const [packageId, size] of [
        [sized, 'M'],
        [unsized, 'S'],
      ]) {
        const order = await carrier.call(API.partner.order, { params: { packageId: packageId! } });
        expect(order.state).toBe(4);
        expect(order.locker).toMatchObject({ locationId: wall.placeId, size });
      }
    }).toPass({ timeout: 20_000 });
  });

  test("the deposit dialog of an order page starts at the partner's size and location", async ({ page }) => {
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Parede Diálogo', sizes: ['S', 'L'] });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const carrier = await partner(page.request, admin, `Transportadora Diálogo ${suffix}`, [wall.placeId]);
    const order = await carrier.call(API.partner.createOrder, {
      body: {
        packageId: `SGPTDLG${suffix}`,
        recipientPhone: `97${suffix}1`,
        size: 'L',
        locationId: wall.placeId,
      },
    });
    await signIn(page, ACCOUNTS.admin, `/orders/details/${order.id}`);
    const deposit = new KioskOrderDepositDialog(page);
    await deposit.open.click();
    await expect(deposit.place(wall.placeId)).toBeChecked();
    await expect(deposit.checkedSize).toContainText('L ·');
  });

  test('a customer drops a return off with its return code, the courier collects it; 30 s idle resets', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(page.request);
    const wall = await kioskWall(admin, { type: 'DELIVERY', name: 'Parede Devoluções', sizes: ['M', 'S'] });
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const carrier = await partner(page.request, admin, `Loja Devoluções ${suffix}`, [wall.placeId]);
    const made = await carrier.call(API.partner.createReturn, {
      body: {
        packageId: `RTPT${suffix}`,
        size: 'S',
        locationId: wall.placeId,
        recipientNumber: `RMA${suffix}`,
      },
    });
    expect(made.returnCode).toMatch(/^\d{8}$/);

    // A fake clock from the start, so the 30 s of idleness can be skipped instead of waited.
    await page.clock.install();
    const kiosk = new KioskPage(page);
    await kiosk.open(wall);
    await kiosk.chooseTask('returns');
    await kiosk.returns.pad.key('1').click();
    await page.clock.fastForward(29_000);
    await expect(kiosk.returns.screen).toBeVisible();
    await page.clock.fastForward(2_000);
    await expect(kiosk.task('returns')).toBeVisible();

    await kiosk.chooseLanguage('en');
    await kiosk.chooseTask('returns');
    await expect(kiosk.returns.screen).toContainText('Enter the 8-digit return code');
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-returns');
    await kiosk.returns.enterCode(made.returnCode === '00000000' ? '11111111' : '00000000');
    await expect(kiosk.error).toContainText('Wrong return code');
    await kiosk.returns.enterCode(made.returnCode);
    // The S locker is door 2.
    await expect(kiosk.opened).toContainText('Door 2 is open');
    await expect(kiosk.opened).toContainText('Put the return in the locker and close the door.');
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-returns-opened');

    // The simulator closes the door: the return is stored, as the partner reads it.
    await expect(async () => {
      const order = await carrier.call(API.partner.order, { params: { packageId: made.packageId } });
      expect(order.state).toBe(4);
      expect(order.locker?.doorNumber).toBe(2);
    }).toPass({ timeout: 20_000 });

    // The carrier's courier collects it in the same round with the code of the day (ADR 0180).
    const { codes } = await carrier.call(API.partner.courierCodes, {});
    await kiosk.done.click();
    await kiosk.chooseLanguage('pt');
    await kiosk.chooseTask('deposit');
    await kiosk.deposit.enterCode(codes.find((c) => c.locationId === wall.placeId)!.code);
    await expect(kiosk.deposit.carrierNone).toBeVisible();
    await expect(kiosk.deposit.carrierReturns).toContainText(/Porta 2/);
    expect(await seriousAxeIssues(page)).toEqual([]);
    await kiosk.shot('delivery-carrier-returns');
    await kiosk.deposit.carrierReturn(made.packageId).click();
    await expect(kiosk.opened).toContainText('Porta 2 aberta');
    await expect(kiosk.opened).toContainText('Retire a devolução e feche a porta.');
    await expect(async () => {
      const order = await carrier.call(API.partner.order, { params: { packageId: made.packageId } });
      expect(order.state).toBe(20);
    }).toPass({ timeout: 20_000 });
  });
});
