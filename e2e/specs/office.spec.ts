import { expect, test, type APIRequestContext } from '@playwright/test';
import { OfficeUserDetailsPage, OfficeUsersPage } from '../pages/office-pages';
import { ACCOUNTS } from '../support/accounts';
import { signIn, tokenFor } from '../support/api';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** ISO weekday (1 Monday ... 7 Sunday) of now in Lisbon, the office time zone. */
function lisbonWeekday(): number {
  const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', weekday: 'short' }).format(
    new Date(),
  );
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

async function freeSedeLocker(request: APIRequestContext, token: string) {
  const res = await request.get('/api/julian/lockers', { headers: auth(token) });
  const lockers = (await res.json()).Data as Array<{
    id: number;
    placeId: number;
    placeName: string;
    doorNumber: number;
    available: boolean;
  }>;
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
    const card = `0E2E${suffix.toString(16).toUpperCase().padStart(5, '0')}`;
    // Away from the demo users' PINs (a PIN identifies one user).
    const pin = String(1000 + (suffix % 9000)).replace(/^(\d{3})\d$/, '$10');
    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    const screen = (await tokenFor(page.request, ACCOUNTS.portaria)).access_token;

    // Fixtures the screens then link: a group sharing a free Sede locker, and a schedule for today.
    const locker = await freeSedeLocker(page.request, admin);
    const groupName = `Equipa E2E ${suffix}`;
    const group = await page.request.post('/api/julian/userGroup', {
      headers: auth(admin),
      data: { name: groupName, lockerIds: [locker.id] },
    });
    expect(group.ok()).toBeTruthy();
    const today = lisbonWeekday();
    const scheduleName = `Hoje E2E ${suffix}`;
    const created = await page.request.post('/api/julian/schedule', {
      headers: auth(admin),
      data: {
        name: scheduleName,
        startTime: '00:00',
        endTime: '00:00',
        weekdays: [today],
        placeId: locker.placeId,
      },
    });
    expect(created.ok()).toBeTruthy();
    const schedule = (await created.json()).Data as Record<string, unknown> & { id: number };

    await signIn(page, ACCOUNTS.admin, '/office-users');
    const users = new OfficeUsersPage(page);
    await users.goto();
    await users.createUser({
      name,
      number: `T${suffix}`,
      email: `teresa${suffix}@cacifo.pt`,
      phone: '912345678',
    });
    await expect(users.toast()).toContainText('Utilizador criado');
    await users.search(name);
    await users.userLink(name).click();

    const details = new OfficeUserDetailsPage(page);
    await details.ready(name);
    await details.setCard(card);
    await details.setPin(pin);
    await details.link('user-groups', groupName);
    await details.link('user-schedules', scheduleName);

    // The kiosk at Sede: the card opens the group's locker today.
    const open = (data: Record<string, unknown>) =>
      page.request.post('/api/kiosk/office/open', {
        headers: auth(screen),
        data: { placeId: locker.placeId, ...data },
      });
    const granted = await open({ card });
    expect(granted.status()).toBe(200);
    expect((await granted.json()).Data).toMatchObject({
      granted: true,
      lockerId: locker.id,
      doorNumber: locker.doorNumber,
    });

    // Move the schedule to another weekday: now outside it, by card and by PIN.
    const other = (today % 7) + 1;
    const moved = await page.request.put('/api/julian/schedule', {
      headers: auth(admin),
      data: { ...schedule, weekdays: [other] },
    });
    expect(moved.ok()).toBeTruthy();
    for (const credential of [{ card }, { pin }]) {
      const denied = await open(credential);
      expect(denied.status()).toBe(403);
      expect(await denied.json()).toMatchObject({
        Description: 'accessDenied',
        Data: { reason: 'outsideSchedule' },
      });
    }

    // The operator sees both outcomes in the kiosk activity of this user.
    const userId = Number(page.url().split('/').pop());
    await page.goto(`/activity?kind=access&user=${userId}`);
    await expect(page.getByText('Acesso permitido')).toHaveCount(1);
    await expect(page.getByText('Acesso recusado')).toHaveCount(2);
    await expect(page.getByText('Fora do horário permitido').first()).toBeVisible();
  });
});

test('a user created elsewhere appears in the open list without a reload (RefreshUsers)', async ({
  page,
}) => {
  const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const name = `Rui Realtime ${Date.now() % 100000}`;
  // The socket sends the token once open; after that the server delivers to it.
  const socketReady = page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framesent'));
  await signIn(page, ACCOUNTS.admin, '/office-users?q=Realtime');
  const users = new OfficeUsersPage(page);
  await expect(users.table).toBeVisible();
  await socketReady;
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(users.userLink(name)).toHaveCount(0);
  const res = await page.request.post('/api/julian/user', { headers: auth(admin), data: { name } });
  expect(res.ok()).toBeTruthy();
  await expect(users.userLink(name)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});
