import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { simulatorDoor } from '../support/api';
import { givePin } from '../support/pins';
import { adminApi, kioskWall } from '../support/kiosk-wall';
import { seriousAxeIssues } from '../support/axe';
import { KioskPage } from '../pages/kiosk-page';

/** Lisbon weekday, 1 Monday ... 7 Sunday. */
function lisbonWeekday(): number {
  const name = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'Europe/Lisbon' }).format(
    new Date(),
  );
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/**
 * The office wall (issue #33), on a wall of its own: an employee opens their own locker with their
 * PIN (choosing between their two doors), takes an asset with their card and returns it into a free
 * locker of its size; outside their hours the wall says when they may come back. Portuguese and
 * English; every screen 1080x1920 portrait, axe clean, saved in /tmp for a person to look at.
 */
test('an employee opens their own locker, takes and returns an asset, and is told when to come back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(page.request);
  const wall = await kioskWall(admin, {
    type: 'OFFICE',
    name: 'Escritório',
    sizes: ['S', 'M', 'M', 'L', 'S'],
  });
  const door = (n: number) => wall.lockers.get(n)!;
  const suffix = Date.now() % 100000;
  const name = `Marta Wall ${suffix}`;
  const card = `0C55${suffix.toString(16).toUpperCase().padStart(5, '0')}`;
  const user = await admin.call(API.office.createUser, { body: { name } });
  await admin.call(API.office.updateUser, { body: { id: user.id, card } });
  const pin = await givePin(admin, user.id);
  await admin.call(API.office.addLockers, { body: { userId: user.id, lockerIds: [door(1).id, door(2).id] } });
  // An asset of hers in a random locker of this wall, stored by an admin (door 3 or 5 of its size).
  const tag = `E2E-WALL-${suffix}`;
  const asset = await admin.call(API.assets.create, {
    body: { name: `Projetor ${suffix}`, tag, description: '', isRandomLocker: true },
  });
  await admin.call(API.assets.addUser, { body: { AssetId: asset.id, UserId: user.id } });
  const stored = await admin.call(API.assets.openForStorage, {
    query: { assetId: asset.id, placeId: wall.placeId },
  });
  const sim = (n: number, action: string, data?: object) =>
    simulatorDoor(page.request, admin.token, wall.placeId, n, action, data);
  await sim(stored.doorNumber, 'tags', { tagId: tag, present: true });
  await sim(stored.doorNumber, 'close');
  const status = async () => (await admin.call(API.assets.asset, { query: { assetId: asset.id } })).status;
  await expect.poll(status, { timeout: 15_000 }).toBe(4);

  // The start: three large tasks, the first one hers.
  const kiosk = new KioskPage(page);
  await kiosk.open(wall);
  await expect(kiosk.task('openLocker')).toContainText('Abrir o meu cacifo');
  await expect(kiosk.task('returnAsset')).toContainText('Devolver um equipamento');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-home');

  // Open my locker with the PIN: she holds two doors here, so she chooses.
  await kiosk.chooseTask('openLocker');
  await expect(kiosk.openLocker.screen).toContainText('Passe o cartão no leitor');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-open-identify');
  await kiosk.openLocker.enterPin(pin);
  await expect(kiosk.openLocker.screen).toContainText(`Olá, ${name}`);
  await expect(kiosk.openLocker.door(1)).toHaveText('Porta 1');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-open-choose');
  await kiosk.openLocker.door(2).click();
  await expect(kiosk.opened).toContainText('Porta 2 aberta');
  await expect(kiosk.opened).toContainText('Use o seu cacifo e feche a porta.');
  await kiosk.shot('office-open-opened');
  await sim(2, 'close');
  await kiosk.done.click();

  // In English, with her card: take the asset.
  await kiosk.chooseLanguage('en');
  await kiosk.chooseTask('assets');
  await kiosk.swipeCard(card);
  await kiosk.assets.asset(asset.id).click();
  await expect(kiosk.opened).toContainText(`Door ${stored.doorNumber} is open`);
  await sim(stored.doorNumber, 'tags', { tagId: tag, present: false });
  await sim(stored.doorNumber, 'close');
  await expect.poll(status, { timeout: 15_000 }).toBe(6);
  await kiosk.done.click();

  // Return it: the wall opens a free locker of its size; in it goes, with its tag, and the door closes.
  await kiosk.chooseLanguage('en');
  await kiosk.chooseTask('returnAsset');
  await expect(kiosk.returnAsset.screen).toContainText('Return an asset');
  await kiosk.swipeCard(card);
  const choice = kiosk.returnAsset.asset(asset.id);
  await expect(choice).toHaveText(asset.name);
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-return-choose');
  await choice.click();
  await expect(kiosk.opened).toContainText('Put the asset in the locker and close the door.');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-return-opened');
  const back = Number((await kiosk.openedDoors.first().textContent()) ?? '0');
  expect(door(back).size).toBe(door(stored.doorNumber).size);
  await sim(back, 'tags', { tagId: tag, present: true });
  await sim(back, 'close');
  await expect.poll(status, { timeout: 15_000 }).toBe(4);
  await kiosk.done.click();

  // Outside her hours (a schedule only on the day after tomorrow): refused, told when to come back.
  const other = ((lisbonWeekday() + 1) % 7) + 1;
  const schedule = await admin.call(API.office.createSchedule, {
    body: { name: `Depois de amanhã ${suffix}`, startTime: '00:00', endTime: '00:00', weekdays: [other] },
  });
  await admin.call(API.office.addSchedules, {
    query: { lockerUserId: user.id, scheduleIds: String(schedule.id) },
  });
  await kiosk.chooseTask('openLocker');
  await kiosk.openLocker.enterPin(pin);
  await expect(kiosk.error).toHaveText(/^Fora do seu horário\. Pode voltar .+00:00\.$/);
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kiosk.shot('office-outside-pt');
  await kiosk.chooseLanguage('en');
  await kiosk.swipeCard(card);
  await expect(kiosk.error).toHaveText(/^Outside your allowed hours\. You may come back on .+ 00:00\.$/);
  await kiosk.shot('office-outside-en');
  await expect(kiosk.screen).toBeVisible();
});
