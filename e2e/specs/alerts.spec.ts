import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { signIn, tokenFor } from '../support/api';

interface Ctx {
  request: APIRequestContext;
  token: string;
}

const headers = (ctx: Ctx) => ({ Authorization: `Bearer ${ctx.token}` });
async function call<T>(ctx: Ctx, method: 'get' | 'post', url: string, data?: object): Promise<T> {
  const res = await ctx.request[method](url, { headers: headers(ctx), data });
  const body = (await res.json()) as { Data: T; Description: string };
  expect(res.ok(), `${method} ${url}: ${body.Description}`).toBeTruthy();
  return body.Data;
}

test.describe('alert actions', () => {
  test('a jammed door: acknowledge it with a note (it stays), go to the locker, open the door once freed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const admin: Ctx = {
      request: page.request,
      token: (await tokenFor(page.request, ACCOUNTS.admin)).access_token,
    };
    // A location of its own, so no other spec's doors are touched.
    const placeName = `Alertas E2E ${Date.now() % 100000}`;
    const created = await call<{ Place: { id: number } }>(admin, 'post', '/api/julian/place', {
      name: placeName,
      type: 'OFFICE',
      lockers: [
        { doorNumber: 1, size: 'M' },
        { doorNumber: 2, size: 'M' },
      ],
    });
    const placeId = created.Place.id;
    const { Lockers } = await call<{ Lockers: Array<{ id: number; doorNumber: number }> }>(
      admin,
      'get',
      `/api/julian/lockersByPlace/${placeId}`,
    );
    const lockerId = Lockers.find((l) => l.doorNumber === 1)!.id;

    // The door jams: an open command reports it, and the door turns to alert 3.
    await call(admin, 'post', `/api/dev/simulator/${placeId}/doors/1/jam`);
    const jammed = await page.request.get(`/api/julian/openLockerById/${lockerId}`, {
      headers: headers(admin),
    });
    expect((await jammed.json()).Description).toBe('doorJammed');

    await signIn(page, ACCOUNTS.admin, '/alerts');
    const row = page.locator(`tr[data-row-key="${lockerId}"]`);
    await expect(row).toContainText(placeName);
    await expect(row).toContainText('porta encravada');

    // Acknowledge with a note: who and the note are shown; the alert stays until the door reports.
    const note = 'Porta empenada, técnico chamado';
    await page.getByTestId(`ack-${lockerId}`).click();
    await page.getByTestId('ack-note').fill(note);
    await page.getByRole('dialog').getByRole('button', { name: 'Reconhecer' }).click();
    await expect(page.locator('.ant-message-notice', { hasText: 'Alerta reconhecido.' })).toBeVisible();
    await expect(row.getByTestId('alert-ack')).toContainText(note);
    await expect(page.getByTestId(`ack-${lockerId}`)).toHaveCount(0);
    await expect(row).toContainText('porta encravada');
    const listed = await call<{
      alerts: Array<{ id: number; acknowledged: { by: string; note: string } | null }>;
    }>(admin, 'get', '/api/julian/alerts?max_results=100');
    expect(listed.alerts.find((a) => a.id === lockerId)?.acknowledged).toMatchObject({ note });

    // Go to the locker: the location opens with its drawer on that door.
    await page.getByTestId(`alert-goto-${lockerId}`).click();
    await expect(page).toHaveURL(new RegExp(`/locations/${placeId}\\?locker=${lockerId}$`));
    await expect(page.getByTestId('drawer-door-status')).toContainText('encravada');

    // Back to the alerts; the jam is freed at the locker, and the door is opened from the alert.
    await page.goBack();
    await call(admin, 'post', `/api/dev/simulator/${placeId}/doors/1/unjam`);
    await page.getByTestId(`alert-open-${lockerId}`).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Abrir porta' }).click();
    await expect(page.locator('.ant-message-notice', { hasText: 'Porta 1 aberta.' })).toBeVisible();
    // The door reported open: no longer an alert.
    await expect(row).toHaveCount(0);
    await call(admin, 'post', `/api/dev/simulator/${placeId}/doors/1/close`);
  });
});
