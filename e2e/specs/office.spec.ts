import { expect, test, type APIRequestContext } from '@playwright/test';
import { API } from '@cacifo/contract';
import {
  ActivityPage,
  ExpiredLockersPage,
  OfficeUserDetailsPage,
  OfficeUsersPage,
} from '../pages/office-pages';
import { ACCOUNTS } from '../support/accounts';
import { apiUrlMatcher, callApi, signIn, tokenFor } from '../support/api';
import { officePin } from '../support/pins';
import { realtimeSubscribed } from '../support/realtime';

/** ISO weekday (1 Monday ... 7 Sunday) of now in Lisbon, the office time zone. */
function lisbonWeekday(): number {
  const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', weekday: 'short' }).format(
    new Date(),
  );
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

async function freeSedeLocker(request: APIRequestContext, token: string) {
  const lockers = (await callApi(request, token, API.office.lockers, {})).body.Data;
  // Only an available locker can be shared (docs/adr/0070); 16 is away from the doors other specs use.
  const free = lockers.filter((l) => l.placeName === 'Sede' && l.available);
  const locker = free.find((l) => l.doorNumber === 16) ?? free[0];
  if (!locker) throw new Error('no free office locker');
  return locker;
}

test.describe('office users and kiosk access', () => {
  test('create a user, set card and PIN, assign a group and a schedule; the kiosk lets them in, then not outside it', async ({
    page,
  }) => {
    const suffix = Date.now() % 100000;
    const name = `Teresa Teste ${suffix}`;
    const card = `0E2E${suffix.toString(16).toUpperCase().padStart(6, '0')}`;
    // Typed in the user form as people write a UID: the card the kiosk reads (issue #33).
    const typedCard = card.toLowerCase().match(/../g)!.join(':');
    // A PIN identifies one user: from the suite's own slice (support/pins.ts).
    const pin = officePin(suffix, 0);
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const screen = (await tokenFor(page.request, ACCOUNTS.portaria)).access_token;

    // Fixtures the screens then link: a group sharing a free Sede locker, and a schedule for today.
    const locker = await freeSedeLocker(page.request, admin);
    const groupName = `Equipa E2E ${suffix}`;
    const group = await callApi(page.request, admin, API.office.createUserGroup, {
      body: { name: groupName, lockerIds: [locker.id] },
    });
    expect(group.ok).toBeTruthy();
    const today = lisbonWeekday();
    const scheduleName = `Hoje E2E ${suffix}`;
    const created = await callApi(page.request, admin, API.office.createSchedule, {
      body: {
        name: scheduleName,
        startTime: '00:00',
        endTime: '00:00',
        // Today and tomorrow: a run that crosses midnight (Lisbon) is still inside it.
        weekdays: [today, (today % 7) + 1],
        placeId: locker.placeId,
      },
    });
    expect(created.ok).toBeTruthy();
    const schedule = created.body.Data;

    await signIn(page, ACCOUNTS.admin, '/office-users');
    const users = new OfficeUsersPage(page);
    await users.goto();
    await users.createUser({
      name,
      number: `T${suffix}`,
      email: `teresa${suffix}@cacifo.pt`,
      phone: '912345678',
      card: typedCard,
    });
    await expect(users.toast()).toContainText('Utilizador criado');
    await users.search(name);
    await users.userLink(name).click();

    const details = new OfficeUserDetailsPage(page);
    await details.ready(name);
    await expect(details.cardValue).toHaveText(card);
    await details.setPin(pin);
    await details.link('user-groups', groupName);
    await details.link('user-schedules', scheduleName);

    // The kiosk at Sede: the card opens the group's locker today.
    const open = (credential: { card: string } | { pin: string }) =>
      callApi(page.request, screen, API.office.kioskOpen, {
        body: { placeId: locker.placeId, ...credential },
      });
    const granted = await open({ card });
    expect(granted.status).toBe(200);
    expect(granted.body.Data).toMatchObject({
      granted: true,
      lockerId: locker.id,
      doorNumber: locker.doorNumber,
    });

    // Move the schedule to the day after tomorrow: outside it, by card and by PIN, even across midnight.
    const other = ((today + 1) % 7) + 1;
    const moved = await callApi(page.request, admin, API.office.updateSchedule, {
      body: { ...schedule, weekdays: [other] },
    });
    expect(moved.ok).toBeTruthy();
    for (const credential of [{ card }, { pin }]) {
      const denied = await open(credential);
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({
        Description: 'accessDenied',
        Data: { reason: 'outsideSchedule' },
      });
    }

    // The operator sees both outcomes in the kiosk activity of this user.
    const userId = Number(page.url().split('/').pop());
    const activity = new ActivityPage(page);
    await activity.gotoAccessesOf(userId);
    await expect(activity.entries('Acesso permitido')).toHaveCount(1);
    await expect(activity.entries('Acesso recusado')).toHaveCount(2);
    await expect(activity.entries('Fora do horário permitido').first()).toBeVisible();
  });
});

test('a user created elsewhere appears in the open list without a reload (RefreshUsers)', async ({
  page,
}) => {
  const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const name = `Rui Realtime ${Date.now() % 100000}`;
  // The server pushes a user change once the open list's socket listens to the users topic.
  const socketReady = realtimeSubscribed(page, 'users');
  await signIn(page, ACCOUNTS.admin, '/office-users?search=Realtime');
  const users = new OfficeUsersPage(page);
  await expect(users.table).toBeVisible();
  await socketReady;
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(users.userLink(name)).toHaveCount(0);
  const res = await callApi(page.request, admin, API.office.createUser, { body: { name } });
  expect(res.ok).toBeTruthy();
  await expect(users.userLink(name)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('a PIN can be removed and removing the card asks first', async ({ page }) => {
  const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const suffix = Date.now() % 100000;
  const name = `Paula Pin ${suffix}`;
  const created = await callApi(page.request, admin, API.office.createUser, { body: { name } });
  const userId = created.body.Data.id;
  await signIn(page, ACCOUNTS.admin, `/office-users/details/${userId}`);
  const details = new OfficeUserDetailsPage(page);
  await details.ready(name);
  const card = `0C${suffix.toString(16).toUpperCase().padStart(6, '0')}`;
  await details.setCard(card);
  await details.setPin(officePin(suffix, 1));

  // Removing the card asks; "Cancelar" keeps it.
  await details.cardClear.click();
  await expect(details.question).toContainText(`Remover o cartão de ${name}?`);
  await details.answer('Cancelar').click();
  await expect(details.cardValue).toHaveText(card);
  await details.cardClear.click();
  await details.answer('Remover').click();
  await expect(details.cardValue).toHaveCount(0);

  // The PIN is removed the same way: the server no longer has one.
  await details.pinClear.click();
  await expect(details.question).toContainText(`Remover o PIN de ${name}?`);
  await details.answer('Remover').click();
  await expect(details.toast('PIN removido.')).toBeVisible();
  await expect(details.pinValue).toHaveCount(0);
  const read = await callApi(page.request, admin, API.office.user, { params: { id: userId } });
  expect(read.body.Data).toMatchObject({
    pin: null,
    card: null,
  });
});

test('the expired badge follows "Prolongar" at once', async ({ page }) => {
  const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const suffix = Date.now() % 100000;
  // A location of its own with one locker whose assignment ended an hour ago.
  const place = await callApi(page.request, admin, API.locations.create, {
    body: { name: `Expira E2E ${suffix}`, type: 'OFFICE', lockers: [{ doorNumber: 1, size: 'M' }] },
  });
  const placeId = place.body.Data.Place.id;
  const lockers = await callApi(page.request, admin, API.locations.lockers, { params: { id: placeId } });
  const lockerId = lockers.body.Data.Lockers[0]!.id;
  const user = await callApi(page.request, admin, API.office.createUser, {
    body: { name: `Estagiário ${suffix}` },
  });
  const userId = user.body.Data.id;
  const assigned = await callApi(page.request, admin, API.office.addLockers, {
    body: { userId, lockerIds: [lockerId], expiresAt: new Date(Date.now() - 3_600_000).toISOString() },
  });
  expect(assigned.ok).toBeTruthy();

  await signIn(page, ACCOUNTS.admin, '/expired-lockers');
  const expired = new ExpiredLockersPage(page);
  const badge = expired.badge;
  await expect(expired.extendButton(lockerId)).toBeVisible();
  // The badge's count comes with its own request, maybe after the list: read once it is in.
  await expect.poll(async () => Number(await badge.getAttribute('title'))).toBeGreaterThan(0);

  // Extending refetches the count with the list, not at the badge's next 30 s poll: a count read
  // after the extension answered is awaited (events arrive in order).
  const seen: Array<{ kind: 'extend' | 'count'; office?: number }> = [];
  const isExtend = apiUrlMatcher(API.office.extendLocker);
  const isCount = apiUrlMatcher(API.alerts.expiredCount);
  page.on('response', (r) => {
    if (isExtend(r.url())) seen.push({ kind: 'extend' });
    else if (isCount(r.url())) {
      const entry: { kind: 'count'; office?: number } = { kind: 'count' };
      seen.push(entry);
      void r.json().then((b: { Data: { office: number } }) => (entry.office = b.Data.office));
    }
  });
  await expired.extend(lockerId, '+1 hora');
  await expect(expired.extendButton(lockerId)).toHaveCount(0);
  const after = () =>
    seen.slice(seen.findIndex((e) => e.kind === 'extend') + 1).find((e) => e.kind === 'count');
  await expect.poll(() => seen.some((e) => e.kind === 'extend') && after()?.office !== undefined).toBe(true);
  const office = after()!.office!;
  if (office > 0) await expect(badge).toHaveAttribute('title', String(office));
  else await expect(badge).toHaveCount(0);
});
