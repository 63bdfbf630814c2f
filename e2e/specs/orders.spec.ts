import { expect, test, type Locator } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ListKit } from '../pages/list-kit';
import { NewOrderPage, OrderDetailPage, OrderSearchBox } from '../pages/order-pages';
import { ACCOUNTS } from '../support/accounts';
import { apiUrlMatcher, callApi, signIn, tokenFor } from '../support/api';

/** The worst double click: both clicks in one task, before any re-render can disable the button. */
async function bothClicks(button: Locator) {
  await button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

test.describe('delivery orders', () => {
  test('create an order, deposit it, pick it up through the kiosk, see it in history', async ({ page }) => {
    // Two door cycles close on the simulator's own timer (5 s each).
    test.setTimeout(90_000);
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const packageId = `SGPTE2E${suffix}`;
    const phone = `96${suffix}1`;
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const screen = (await tokenFor(page.request, ACCOUNTS.kiosk)).access_token;

    await signIn(page, ACCOUNTS.admin, '/orders/details/new');
    const newOrder = new NewOrderPage(page);
    await newOrder.goto();
    await newOrder.createAndDeposit({ packageId, phone, reference: `PRT${suffix}` });
    await newOrder.requestLocker('Entregas Saldanha', 'S');
    await newOrder.confirmAndOpen();
    // "Door open", with the label to print at once and the slip once the door closes.
    await expect(newOrder.print).toBeVisible();

    // The detail page follows the order: door open for delivery (3), then stored (4) when it closes.
    await expect(page).toHaveURL(/\/orders\/details\/\d+$/);
    const detail = new OrderDetailPage(page);
    await detail.expectState(4, 20_000);
    await expect(detail.stage).toContainText(/à espera de levantamento|waiting for pickup/);
    // The pickup slip (PDF) opens in a new tab from the detail page. A browser with a PDF viewer
    // shows it there; the headless shell (the suite's browser) has none and saves it from that tab
    // instead: either way the tab the click opened was sent to the PDF's blob.
    let saved: string | undefined;
    const [slip, tab] = await Promise.all([
      page.waitForResponse((r) => apiUrlMatcher(API.orders.slip)(r.url())),
      // Listening from the moment the tab exists: the app opens it blank at the click (so no popup
      // blocker stops it) and sends it to the blob once the PDF has come.
      page.waitForEvent('popup', {
        predicate: (opened) => {
          opened.on('download', (d) => (saved = d.url()));
          return true;
        },
      }),
      detail.printSlip.click(),
    ]);
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toBe('application/pdf');
    await expect.poll(() => saved ?? tab.url()).toMatch(/^blob:/);
    await tab.close();

    // The order's page lists the pickup-code SMS; with no SMS provider configured it says so.
    await expect(detail.messages).toContainText('Código de levantamento');
    await expect(detail.messages).toContainText('Não enviada: sem fornecedor');
    // The recipient's SMS (message outbox) carries the pickup code; the kiosk takes it.
    const sms = await callApi(page.request, admin, API.notifications.messages, {
      query: { recipient: phone, max_results: 5 },
    });
    const body = sms.body.Data.messages[0]!.body;
    const pin = /(\d{6})/.exec(body.split('levantamento:')[1] ?? '')![1]!;
    const places = await callApi(page.request, admin, API.orders.deliveryPlaces, {});
    const place = places.body.Data.find((p) => p.name === 'Entregas Saldanha')!;
    const pickup = await callApi(page.request, screen, API.orders.kioskPickup, {
      body: { placeId: place.id, pin },
    });
    expect(pickup.status).toBe(200);
    expect(pickup.body.Data.state).toBe(5);
    await detail.expectState(7, 20_000);

    // Delivered: the navbar search opens the history detail, and the history list shows it.
    await new OrderSearchBox(page).search(packageId);
    await expect(page).toHaveURL(/\/orders-history\/details\/\d+$/);
    await detail.expectState(7);
    await page.goto(`/orders-history?search=${packageId}`);
    await expect(new ListKit(page, 'ordersHistory-table').link(packageId)).toBeVisible();
  });

  test('double clicks on Save and on "Confirm and open door" create one order and open one door', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const packageId = `SGPTDBL${suffix}`;
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const errors: string[] = [];
    // What the browser sent: one create and one door opening, however the buttons were clicked.
    const sent: string[] = [];
    const isOrder = apiUrlMatcher(API.orders.create);
    const isStore = apiUrlMatcher(API.orders.storePackage);
    page.on('request', (r) => {
      if (r.method() === API.orders.create.method && isOrder(r.url())) sent.push('create');
      if (isStore(r.url())) sent.push('open');
    });
    await signIn(page, ACCOUNTS.admin, '/orders/details/new');
    const newOrder = new NewOrderPage(page);
    await newOrder.goto();
    await newOrder.packageId.fill(packageId);
    await newOrder.phone.fill('961234567');
    // Two clicks in the same instant (before React can disable the button), then a real double click.
    await bothClicks(newOrder.save);
    // One order, and the page moves on to it: no "the order already exists" on the form.
    await expect(page).toHaveURL(/\/orders\/details\/\d+$/);
    const notices = newOrder.notices;
    await expect(notices.filter({ hasText: /já existe|already exists/ })).toHaveCount(0);

    await newOrder.deposit.click();
    await newOrder.requestLocker('Entregas Saldanha', 'M');
    await bothClicks(newOrder.confirm);
    await expect(newOrder.dialog).toBeHidden();
    await expect(notices.filter({ hasText: /Porta aberta|Door open/ }).first()).toBeVisible();
    await expect(notices.filter({ hasText: /não é permitida|not allowed/ })).toHaveCount(0);
    for (const n of await notices.allTextContents()) if (/não|not|erro|error/i.test(n)) errors.push(n);
    expect(errors).toEqual([]);
    expect(sent).toEqual(['create', 'open']);

    const found = await callApi(page.request, admin, API.orders.order, { query: { packageId } });
    const order = found.body.Data;
    expect(order.logs!.filter((l) => l.action === 'create')).toHaveLength(1);
    expect(order.logs!.filter((l) => l.action === 'openForDeposit')).toHaveLength(1);
  });

  test('the navbar search says when an order does not exist', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/orders');
    const search = new OrderSearchBox(page);
    await search.search('SGPTNAOEXISTE');
    await expect(search.toast()).toContainText(/não existe|does not exist/);
  });
});
