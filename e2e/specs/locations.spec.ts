import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, DOOR_STATUS } from '@cacifo/contract';
import { MonitoringPage } from '../pages/monitoring-page';
import { HomeKpis } from '../pages/home-kpis-page';
import { LocationEditorPage } from '../pages/location-editor-page';
import { LocationPage } from '../pages/location-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, setPreferences, signIn, simulatorDoor, tokenFor } from '../support/api';

const artifact = (name: string) => fileURLToPath(new URL(`../artifacts/${name}.png`, import.meta.url));

async function officePlaceId(request: APIRequestContext, token: string): Promise<number> {
  const res = await callApi(request, token, API.locations.list, { query: { type: 'OFFICE' } });
  const places = res.body.Data.places;
  const sede = places.find((p) => p.name === 'Sede') ?? places[0];
  if (!sede) throw new Error('no office location seeded');
  return sede.id;
}

const simulator = (
  request: APIRequestContext,
  token: string,
  placeId: number,
  door: number,
  action: string,
) => simulatorDoor(request, token, placeId, door, action, {});

test.describe('location grid', () => {
  test('opening a door from the location screen turns its tile open, then closed, with no reload', async ({
    page,
  }) => {
    const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
    const placeId = await officePlaceId(page.request, token);
    await signIn(page, ACCOUNTS.admin, `/locations/${placeId}`);
    const location = new LocationPage(page);
    await location.ready();
    // A page reload would drop this marker.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const door = await location.firstFreeDoor();
    const tile = location.tile(door);
    await expect(tile).toHaveAttribute('data-door-status', String(DOOR_STATUS.CLOSED));

    await location.openDoorFromDrawer(door);
    await expect(location.toast()).toContainText(`Porta ${door} aberta`);
    await expect(tile).toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));
    await expect(tile).toHaveAttribute('data-colour', 'open');

    // Someone closes the door at the locker: only the realtime message can tell this page.
    await simulator(page.request, token, placeId, door, 'close');
    await expect(tile).toHaveAttribute('data-door-status', String(DOOR_STATUS.CLOSED));
    await expect(tile).toHaveAttribute('data-colour', 'available');
    await expect(location.drawerDoorStatus).toHaveText('Fechada');

    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });

  test('a jammed door says it could not be opened and leaves the tile as it was', async ({ page }) => {
    const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
    const placeId = await officePlaceId(page.request, token);
    await signIn(page, ACCOUNTS.admin, `/locations/${placeId}`);
    const location = new LocationPage(page);
    await location.ready();
    const door = await location.firstFreeDoor();
    await simulator(page.request, token, placeId, door, 'jam');
    try {
      await location.openDoorFromDrawer(door);
      await expect(location.toast()).toContainText('Não foi possível abrir a porta');
      await expect(location.tile(door)).not.toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));
    } finally {
      await simulator(page.request, token, placeId, door, 'unjam');
    }
  });
});

test('editing a location: titled as an edit, "Sistema" explained, typing survives a locker refresh, an in-use door is named', async ({
  page,
}) => {
  const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
  const name = `Edição E2E ${Date.now() % 100000}`;
  const created = await callApi(page.request, token, API.locations.create, {
    body: {
      name,
      type: 'OFFICE',
      lockers: [
        { doorNumber: 1, size: 'M' },
        { doorNumber: 2, size: 'M' },
      ],
    },
  });
  const placeId = created.body.Data.Place.id;
  const read = await callApi(page.request, token, API.locations.lockers, { params: { id: placeId } });
  const lockers = read.body.Data.Lockers;
  // Door 2 has a user: it is in use.
  const user = await callApi(page.request, token, API.office.createUser, { body: { name: `Dono ${name}` } });
  const userId = user.body.Data.id;
  const assigned = await callApi(page.request, token, API.office.addLockers, {
    body: { userId, lockerIds: [lockers.find((l) => l.doorNumber === 2)!.id] },
  });
  expect(assigned.ok).toBeTruthy();

  const socketReady = page.waitForEvent('websocket');
  await signIn(page, ACCOUNTS.admin, `/locations/config/new?id=${placeId}`);
  const socket = await socketReady;
  const editor = new LocationEditorPage(page);
  await expect(editor.title).toHaveText('Editar localização');
  await expect(page).toHaveTitle(/Editar localização/);
  await expect(editor.name).toHaveValue(name);
  await expect(editor.text('Tipo de instalação; deixe «locker» se não souber.')).toBeVisible();

  // The user types; meanwhile a door of this location opens and the lockers refresh (realtime).
  await editor.name.fill(`${name} (norte)`);
  const update = socket.waitForEvent('framereceived', (f) =>
    String(f.payload).includes(`"placeId":${placeId}`),
  );
  await simulator(page.request, token, placeId, 1, 'open');
  await update;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(editor.name).toHaveValue(`${name} (norte)`);
  await simulator(page.request, token, placeId, 1, 'close');

  // Removing door 2 (in use) is refused, naming it.
  await editor.removeLocker(1).click();
  await editor.save.click();
  await expect(editor.toast('Não é possível remover a(s) porta(s) 2')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  // One test per theme: eight page loads and full-page screenshots in one test outgrew the timeout
  // on a loaded two-core CI machine.
  test(`home, grid, analytics and monitoring render in ${theme} (screenshots in e2e/artifacts)`, async ({
    page,
  }) => {
    const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
    const placeId = await officePlaceId(page.request, token);
    await signIn(page, ACCOUNTS.admin, '/login');
    await setPreferences(page, {
      customizer: { theme, layout: 'vertical', direction: 'ltr', menuCollapsed: false },
    });
    await page.goto('/');
    await expect(new HomeKpis(page).card('locations')).toContainText(/\d/);
    await page.screenshot({ path: artifact(`locations-home-${theme}`) });
    await page.goto(`/locations/${placeId}`);
    const location = new LocationPage(page);
    await expect(location.tiles).not.toHaveCount(0);
    await page.screenshot({ path: artifact(`locations-grid-${theme}`) });
    await page.goto(`/locations/${placeId}?tab=analytics`);
    await expect(location.charts.first()).toBeVisible();
    await page.screenshot({ path: artifact(`locations-analytics-${theme}`), fullPage: true });
    await page.goto(`/monitoring?place=${placeId}`);
    await expect(new MonitoringPage(page).tiles).not.toHaveCount(0);
    await page.screenshot({ path: artifact(`locations-monitoring-${theme}`) });
  });
}
