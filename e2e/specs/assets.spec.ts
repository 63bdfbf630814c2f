import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  API,
  ASSET_WARNINGS_POLL_MS,
  isLockerAvailable,
  tileInput,
  type CallInput,
  type Endpoint,
  type ReplyOf,
} from '@cacifo/contract';
import { AssetPage } from '../pages/asset-page';
import { ListKit } from '../pages/list-kit';
import { ACCOUNTS } from '../support/accounts';
import { callData, signIn, simulatorDoor, tokenFor } from '../support/api';
import { realtimeSubscribed } from '../support/realtime';

interface Ctx {
  request: APIRequestContext;
  token: string;
}

const call = <E extends Endpoint>(ctx: Ctx, endpoint: E, input: CallInput<E>): Promise<ReplyOf<E>> =>
  callData(ctx.request, ctx.token, endpoint, input);
const sim = (ctx: Ctx, placeId: number, door: number, action: string, data?: object) =>
  simulatorDoor(ctx.request, ctx.token, placeId, door, action, data);

/** The highest free Sede door: other specs pick the lowest, so parallel runs do not collide. */
async function freeSedeLocker(ctx: Ctx) {
  const places = await call(ctx, API.locations.list, { query: { type: 'OFFICE' } });
  const sede = places.places.find((p) => p.name === 'Sede') ?? places.places[0]!;
  const data = await call(ctx, API.locations.lockers, { params: { id: sede.id } });
  // The one availability rule the server uses (docs/adr/0070).
  const free = data.Lockers.filter((l) => isLockerAvailable(tileInput(l)));
  const locker = free.at(-1);
  if (!locker) throw new Error('no free Sede locker');
  return { placeId: sede.id, door: locker.doorNumber };
}

test.describe('assets', () => {
  test('an asset stored in a simulated locker whose tag goes missing shows in the bell within one poll', async ({
    page,
  }) => {
    const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
    const ctx = { request: page.request, token };
    const tag = `E2E-${Date.now()}`;
    const asset = await call(ctx, API.assets.create, {
      body: { name: `Portátil E2E ${tag.slice(-5)}`, tag, description: '' },
    });
    const { placeId, door } = await freeSedeLocker(ctx);

    const assetPage = new AssetPage(page);
    await signIn(page, ACCOUNTS.admin, `/assets/details/${asset.id}`);
    await assetPage.ready();
    await expect(assetPage.status).toHaveText('Criado');

    // The admin opens the chosen locker for storage; the asset goes in with its tag, the door closes.
    await assetPage.openForStorage('Sede', door);
    await expect(assetPage.toast()).toContainText(`Porta ${door} aberta`);
    await expect(assetPage.status).toHaveText('Aberto para guardar');
    await sim(ctx, placeId, door, 'tags', { tagId: tag, present: true });
    await sim(ctx, placeId, door, 'close');
    // The door closing reaches the open page through the realtime message, with no reload.
    await expect(assetPage.status).toHaveText('Guardado');
    await expect(assetPage.tagStatus).toHaveText('Detetada');
    await expect(assetPage.bellItem(asset.id)).toHaveCount(0);

    // The tag leaves the locker: the next poll of the bell lists the asset.
    await sim(ctx, placeId, door, 'tags', { tagId: tag, present: false });
    await assetPage.openBell();
    await expect(assetPage.bellItem(asset.id)).toBeVisible({ timeout: ASSET_WARNINGS_POLL_MS + 3_000 });
    await expect(assetPage.bellItem(asset.id)).toContainText('Etiqueta em falta');
    await expect(assetPage.bellItem(asset.id)).toContainText(`porta ${door}`);

    await assetPage.bellItem(asset.id).click();
    await expect(page).toHaveURL(new RegExp(`/assets/details/${asset.id}$`));
    await expect(assetPage.warning).toHaveText('Etiqueta em falta');
  });

  test('the open list follows assets created and disabled elsewhere, with no reload (RefreshAssets)', async ({
    page,
  }) => {
    const { access_token: token } = await tokenFor(page.request, ACCOUNTS.admin);
    const ctx = { request: page.request, token };
    const word = `Vivo${Date.now() % 100000}`;
    const socketReady = realtimeSubscribed(page, 'assets');
    await signIn(page, ACCOUNTS.admin, `/assets?search=${word}`);
    const list = new ListKit(page, 'assets-table');
    await expect(list.table).toBeVisible({ timeout: 15_000 });
    await socketReady;
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await expect(list.table).not.toContainText(word);

    // Another admin creates one: it appears; they disable it: it says so.
    const asset = await call(ctx, API.assets.create, {
      body: { name: `Projetor ${word}`, tag: `E2E-${word}`, description: '' },
    });
    await expect(list.table).toContainText(`Projetor ${word}`);
    await call(ctx, API.assets.disable, { query: { assetId: asset.id } });
    await expect(list.row(`Projetor ${word}`)).toContainText('Desativado');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
  });

  test('the bell is not shown to an editor', async ({ page }) => {
    await signIn(page, ACCOUNTS.editor, '/assets');
    await expect(new ListKit(page, 'assets-table').table).toBeVisible({ timeout: 15_000 });
    await expect(new AssetPage(page).bell).toHaveCount(0);
  });
});
