import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { CourierPage } from '../pages/courier-page';
import { ACCOUNTS } from '../support/accounts';
import { signIn } from '../support/api';
import { adminApi } from '../support/kiosk-wall';

/*
 * Issue #33: a courier who searches an order out of their reach (here one canceled by the operator,
 * which no courier handled) is not told it "is not registered": the page says no such order is
 * among the ones they can see (pt; the old text is gone). The server answers as for an order that does not exist
 * (ADR 0020), so the page cannot say more.
 */
test('a courier searching an order out of their reach is not told it is not registered', async ({ page }) => {
  const admin = await adminApi(page.request);
  const packageId = `SGPTOUT${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const order = await admin.call(API.orders.create, { body: { packageId, recipientPhone: '961234567' } });
  await admin.call(API.orders.cancel, { body: { orderId: order.id } });

  await signIn(page, ACCOUNTS.courier, '/courier');
  const courier = new CourierPage(page);
  await courier.find(packageId);
  const unknown = courier.unknown;
  await expect(unknown).toContainText(
    `Não encontrámos a encomenda ${packageId} entre as que pode consultar.`,
  );
  await expect(unknown).not.toContainText('não está registada');
});
