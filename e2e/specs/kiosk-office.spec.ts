import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { simulatorDoor } from '../support/api';
import { adminApi, givePin, kioskShot, kioskWall, openKiosk, typeCode } from '../support/kiosk-wall';
import { seriousAxeIssues } from '../support/axe';

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
  await openKiosk(page, wall);
  const kiosk = page.getByTestId('kiosk');
  await expect(page.getByTestId('kiosk-task-openLocker')).toContainText('Abrir o meu cacifo');
  await expect(page.getByTestId('kiosk-task-returnAsset')).toContainText('Devolver um equipamento');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-home');

  // Open my locker with the PIN: she holds two doors here, so she chooses.
  await page.getByTestId('kiosk-task-openLocker').click();
  await expect(page.getByTestId('kiosk-open-locker')).toContainText('Passe o cartão no leitor');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-open-identify');
  await typeCode(page, 'kiosk-office-pad', pin);
  await expect(page.getByTestId('kiosk-open-locker')).toContainText(`Olá, ${name}`);
  await expect(page.getByTestId('kiosk-door-1')).toHaveText('Porta 1');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-open-choose');
  await page.getByTestId('kiosk-door-2').click();
  await expect(page.getByTestId('kiosk-opened')).toContainText('Porta 2 aberta');
  await expect(page.getByTestId('kiosk-opened')).toContainText('Use o seu cacifo e feche a porta.');
  await kioskShot(page, 'office-open-opened');
  await sim(2, 'close');
  await page.getByTestId('kiosk-done').click();

  // In English, with her card: take the asset.
  await page.getByTestId('kiosk-lang-en').click();
  await page.getByTestId('kiosk-task-assets').click();
  await page.getByTestId('kiosk-card').fill(card);
  await page.getByTestId('kiosk-card').press('Enter');
  await page.getByTestId(`kiosk-asset-${asset.id}`).click();
  await expect(page.getByTestId('kiosk-opened')).toContainText(`Door ${stored.doorNumber} is open`);
  await sim(stored.doorNumber, 'tags', { tagId: tag, present: false });
  await sim(stored.doorNumber, 'close');
  await expect.poll(status, { timeout: 15_000 }).toBe(6);
  await page.getByTestId('kiosk-done').click();

  // Return it: the wall opens a free locker of its size; in it goes, with its tag, and the door closes.
  await page.getByTestId('kiosk-lang-en').click();
  await page.getByTestId('kiosk-task-returnAsset').click();
  await expect(page.getByTestId('kiosk-return-asset')).toContainText('Return an asset');
  await page.getByTestId('kiosk-card').fill(card);
  await page.getByTestId('kiosk-card').press('Enter');
  const choice = page.getByTestId(`kiosk-return-${asset.id}`);
  await expect(choice).toHaveText(asset.name);
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-return-choose');
  await choice.click();
  const opened = page.getByTestId('kiosk-opened');
  await expect(opened).toContainText('Put the asset in the locker and close the door.');
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-return-opened');
  const back = Number((await opened.getByTestId('kiosk-door').first().textContent()) ?? '0');
  expect(door(back).size).toBe(door(stored.doorNumber).size);
  await sim(back, 'tags', { tagId: tag, present: true });
  await sim(back, 'close');
  await expect.poll(status, { timeout: 15_000 }).toBe(4);
  await page.getByTestId('kiosk-done').click();

  // Outside her hours (a schedule only on the day after tomorrow): refused, told when to come back.
  const other = ((lisbonWeekday() + 1) % 7) + 1;
  const schedule = await admin.call(API.office.createSchedule, {
    body: { name: `Depois de amanhã ${suffix}`, startTime: '00:00', endTime: '00:00', weekdays: [other] },
  });
  await admin.call(API.office.addSchedules, {
    query: { lockerUserId: user.id, scheduleIds: String(schedule.id) },
  });
  await page.getByTestId('kiosk-task-openLocker').click();
  await typeCode(page, 'kiosk-office-pad', pin);
  await expect(page.getByTestId('kiosk-error')).toHaveText(/^Fora do seu horário\. Pode voltar .+00:00\.$/);
  expect(await seriousAxeIssues(page)).toEqual([]);
  await kioskShot(page, 'office-outside-pt');
  await page.getByTestId('kiosk-lang-en').click();
  await page.getByTestId('kiosk-card').fill(card);
  await page.getByTestId('kiosk-card').press('Enter');
  await expect(page.getByTestId('kiosk-error')).toHaveText(
    /^Outside your allowed hours\. You may come back on .+ 00:00\.$/,
  );
  await kioskShot(page, 'office-outside-en');
  await expect(kiosk).toBeVisible();
});
