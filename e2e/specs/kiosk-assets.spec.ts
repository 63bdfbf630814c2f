import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  API,
  isLockerAvailable,
  tileInput,
  type CallInput,
  type Endpoint,
  type ReplyOf,
} from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callData, signIn, simulatorDoor, tokenFor } from '../support/api';
import { KioskAssetDetailsPage, KioskOfficeUserPage } from '../pages/kiosk-back-office';
import { KioskPage } from '../pages/kiosk-page';

interface Ctx {
  request: APIRequestContext;
  token: string;
}

const call = <E extends Endpoint>(ctx: Ctx, endpoint: E, input: CallInput<E>): Promise<ReplyOf<E>> =>
  callData(ctx.request, ctx.token, endpoint, input);

/** Closes a door of the simulated wall. */
const closeDoor = (ctx: Ctx, placeId: number, door: number) =>
  simulatorDoor(ctx.request, ctx.token, placeId, door, 'close');

/** A free Sede door away from the ones other specs take (the highest, 16, the lowest). */
async function freeSedeLocker(ctx: Ctx) {
  const places = await call(ctx, API.locations.list, { query: { type: 'OFFICE' } });
  const sede = places.places.find((p) => p.name === 'Sede')!;
  const data = await call(ctx, API.locations.lockers, { params: { id: sede.id } });
  const free = data.Lockers.filter((l) => isLockerAvailable(tileInput(l)));
  const locker = free.find((l) => l.doorNumber === 17) ?? free.at(-2) ?? free[0];
  if (!locker) throw new Error('no free Sede locker');
  return { placeId: sede.id, lockerId: locker.id, door: locker.doorNumber };
}

test.describe('assets kiosk at the office wall', () => {
  test('a locker user takes an asset with their card: only theirs are offered, the door opens, the asset log names them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const suffix = Date.now() % 100000;
    const admin: Ctx = {
      request: page.request,
      token: (await tokenFor(page.request, ACCOUNTS.admin)).access_token,
    };
    const name = `Kiosk Asset ${suffix}`;
    const card = `0A55${suffix.toString(16).toUpperCase().padStart(5, '0')}`;

    // A locker user with a card, and an asset stored in a free Sede locker that they may take.
    const user = await call(admin, API.office.createUser, { body: { name } });
    await call(admin, API.office.updateUser, { body: { id: user.id, card } });
    const asset = await call(admin, API.assets.create, {
      body: { name: `Tablet Quiosque ${suffix}`, tag: `E2E-KIOSK-${suffix}`, description: '' },
    });
    const { placeId, lockerId, door } = await freeSedeLocker(admin);
    await call(admin, API.assets.openForStorage, { query: { assetId: asset.id, lockerId } });
    await closeDoor(admin, placeId, door);
    await expect(async () => {
      const a = await call(admin, API.assets.asset, { query: { assetId: asset.id } });
      expect(a.status).toBe(4);
    }).toPass({ timeout: 15_000 });
    await call(admin, API.assets.addUser, { body: { AssetId: asset.id, UserId: user.id } });

    // The screen at Sede (`portaria`) offers taking an asset.
    await signIn(page, ACCOUNTS.portaria, '/kiosk');
    const kiosk = new KioskPage(page);
    await expect(kiosk.screen).toContainText('Sede');
    await kiosk.chooseTask('assets');
    await expect(kiosk.assets.screen).toContainText('Levantar um equipamento');

    // A card nobody has is refused in the visitor's language.
    await kiosk.swipeCard('FFFF0E2E');
    await expect(kiosk.error).toHaveText('Cartão ou PIN não reconhecido.');

    // In English, their card: the asset stored for them is offered with its door.
    await kiosk.chooseLanguage('en');
    await kiosk.swipeCard(card);
    await expect(kiosk.assets.screen).toContainText(`Hello, ${name}`);
    const choice = kiosk.assets.asset(asset.id);
    await expect(choice).toContainText(asset.name);
    await expect(choice).toContainText(`Door ${door}`);
    await choice.click();
    await expect(kiosk.opened).toContainText(`Door ${door} is open`);
    await expect(kiosk.opened).toContainText('Take the asset and close the door.');

    // The asset log says who took it, from which door; the door closing completes the retrieval.
    const logs = await call(admin, API.assets.assetLogs, { query: { assetId: asset.id, max_results: 5 } });
    expect(logs[0]).toMatchObject({ actionId: 14, username: name, doorNumber: door });
    await closeDoor(admin, placeId, door);
    await expect(async () => {
      const a = await call(admin, API.assets.asset, { query: { assetId: asset.id } });
      expect(a.status).toBe(6);
    }).toPass({ timeout: 15_000 });

    // Back at the start; someone else's card is offered nothing.
    await kiosk.done.click();
    const other = await call(admin, API.office.createUser, { body: { name: `Outro ${suffix}` } });
    const otherCard = `0B55${suffix.toString(16).toUpperCase().padStart(5, '0')}`;
    await call(admin, API.office.updateUser, { body: { id: other.id, card: otherCard } });
    await kiosk.chooseTask('assets');
    await kiosk.swipeCard(otherCard);
    await expect(kiosk.assets.none).toHaveText('Não há aqui equipamentos que possa levantar agora.');

    // The back office: the asset log says what happened in words and where the door is.
    await signIn(page, ACCOUNTS.admin, `/assets/details/${asset.id}`);
    const details = new KioskAssetDetailsPage(page);
    await details.openTab('Registos');
    const taken = 'Aberto para levantar pelo utilizador';
    await expect(details.logRow(taken)).toContainText(name);
    await expect(details.logDoor(taken)).toHaveText(`Sede #${door}`);
    await expect(details.logActions.first()).not.toContainText(/\d/);

    // Disabling the asset asks first; cancelling changes nothing.
    await details.toggleEnabled.click();
    await expect(details.confirm).toContainText(`Desativar ${asset.name}?`);
    await details.confirmButton('Não').click();
    await expect(details.summary).not.toContainText('Desativado');
    await details.toggleEnabled.click();
    await details.confirmButton('Desativar').click();
    await expect(details.toggleEnabled).toHaveText(/^Ativar$/);

    // The person's page shows their kiosk attempt and the asset they may take.
    const person = new KioskOfficeUserPage(page);
    await person.goto(user.id);
    await expect(person.name).toHaveText(name);
    await person.openRecentTab('Quiosque');
    await expect(person.recentAccess).toContainText('Acesso permitido');
    await expect(person.assets).toContainText(asset.name);
  });
});
