import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, type CallInput, type Endpoint, type ReplyOf } from '@cacifo/contract';
import { AlertsPage } from '../pages/alerts-page';
import { LocationPage } from '../pages/location-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, callData, signIn, simulatorDoor, tokenFor } from '../support/api';

interface Ctx {
  request: APIRequestContext;
  token: string;
}

const call = <E extends Endpoint>(ctx: Ctx, endpoint: E, input: CallInput<E>): Promise<ReplyOf<E>> =>
  callData(ctx.request, ctx.token, endpoint, input);

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
    const created = await call(admin, API.locations.create, {
      body: {
        name: placeName,
        type: 'OFFICE',
        lockers: [
          { doorNumber: 1, size: 'M' },
          { doorNumber: 2, size: 'M' },
        ],
      },
    });
    const placeId = created.Place.id;
    const { Lockers } = await call(admin, API.locations.lockers, { params: { id: placeId } });
    const lockerId = Lockers.find((l) => l.doorNumber === 1)!.id;

    // The door jams: an open command reports it, and the door turns to alert 3.
    await simulatorDoor(page.request, admin.token, placeId, 1, 'jam');
    const jammed = await callApi(page.request, admin.token, API.locations.openLocker, {
      params: { id: lockerId },
    });
    expect(jammed.body.Description).toBe('doorJammed');

    await signIn(page, ACCOUNTS.admin, '/alerts');
    const alerts = new AlertsPage(page);
    const row = alerts.row(lockerId);
    await expect(row).toContainText(placeName);
    await expect(row).toContainText('porta encravada');

    // Acknowledge with a note: who and the note are shown; the alert stays until the door reports.
    const note = 'Porta empenada, técnico chamado';
    await alerts.acknowledge(lockerId, note);
    await expect(alerts.toast('Alerta reconhecido.')).toBeVisible();
    await expect(alerts.acknowledged(lockerId)).toContainText(note);
    await expect(alerts.ackButton(lockerId)).toHaveCount(0);
    await expect(row).toContainText('porta encravada');
    const listed = await call(admin, API.alerts.list, { query: { max_results: 100 } });
    expect(listed.alerts.find((a) => a.id === lockerId)?.acknowledged).toMatchObject({ note });

    // Go to the locker: the location opens with its drawer on that door.
    await alerts.gotoButton(lockerId).click();
    await expect(page).toHaveURL(new RegExp(`/locations/${placeId}\\?locker=${lockerId}$`));
    await expect(new LocationPage(page).drawerDoorStatus).toContainText('encravada');

    // Back to the alerts; the jam is freed at the locker, and the door is opened from the alert.
    await page.goBack();
    await simulatorDoor(page.request, admin.token, placeId, 1, 'unjam');
    await alerts.openDoor(lockerId);
    await expect(alerts.toast('Porta 1 aberta.')).toBeVisible();
    // The door reported open: no longer an alert.
    await expect(row).toHaveCount(0);
    await simulatorDoor(page.request, admin.token, placeId, 1, 'close');
  });
});
