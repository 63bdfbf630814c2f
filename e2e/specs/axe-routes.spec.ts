import { expect, test, type Page } from '@playwright/test';
import { APP_ROUTES, can, type AppRoute } from '@cacifo/contract';
import { RouteScreen } from '../pages/route-screen-page';
import type { Theme } from '../pages/shell-page';
import { ACCOUNTS, type Account } from '../support/accounts';
import { setPreferences, signIn } from '../support/api';
import { seriousAxeIssues } from '../support/axe';

/**
 * Issue #26: axe (WCAG 2.2 A/AA) finds nothing critical or serious on any screen of the route
 * table, in light, dark, semi-dark and right to left. Each look signs in once per chunk of routes
 * and loads every route of it once, so the whole pass stays within a few minutes.
 *
 * The four looks of issue #35, in Portuguese: light; light and right to left; dark; and semi-dark,
 * the light theme with a dark sidebar (lib/theme.ts), whose pass checks the sidebar only, the rest of
 * each page being the light one's. A fifth pass reads the English texts, dark and right to left, on
 * each sidebar group's first route: an accessible name can hold its visible text in one language and
 * not in the other, and the names axe found wanting (the language button, the user menu, the locker
 * tiles) are the shell's and the shared components': the sample shows the shell on every group, and
 * takes the two screens with locker tiles besides.
 * The sidebar is the same on every route of a visitor but for which entry is selected and which group
 * is open, so that pass visits a sample of each visitor's routes (each sidebar group's first), not all.
 */
interface Look {
  name: string;
  theme: Theme;
  direction: 'ltr' | 'rtl';
  language: 'pt' | 'en';
  only?: string;
  /** Visit only a sample of each visitor's routes: the part checked looks the same on every route. */
  sample?: boolean;
  /** Routes (by id) the sample takes besides each group's first. */
  alsoSample?: string[];
}
const LOOKS: Look[] = [
  { name: 'light', theme: 'light', direction: 'ltr', language: 'pt' },
  { name: 'light, rtl', theme: 'light', direction: 'rtl', language: 'pt' },
  { name: 'dark', theme: 'dark', direction: 'ltr', language: 'pt' },
  {
    name: 'dark, rtl, en',
    theme: 'dark',
    direction: 'rtl',
    language: 'en',
    sample: true,
    alsoSample: ['locationDetails', 'monitoring'],
  },
  {
    name: 'semi-dark',
    theme: 'semiDark',
    direction: 'ltr',
    language: 'pt',
    only: '[data-testid="sidebar"]',
    sample: true,
  },
];

/** Who visits a route: the admin, or the role whose own screen it is. */
const VISITORS: Account[] = [ACCOUNTS.admin, ACCOUNTS.courier, ACCOUNTS.kiosk];

/** Detail routes open the first seeded record (the demo seed numbers them from 1). */
const concrete = (route: AppRoute) => route.path.replace(/:[A-Za-z]+/g, '1');

function visitorOf(route: AppRoute): Account | undefined {
  return VISITORS.find((a) => can(a.role, route.permission));
}

const ROUTES = APP_ROUTES as readonly AppRoute[];

async function settled(page: Page) {
  await page.waitForLoadState('load');
  // Lazy pages and their queries: wait until nothing spins, then let the last paint land.
  await expect(new RouteScreen(page).busy).toHaveCount(0, { timeout: 30_000 });
}

/** `selector` when the page has it: a screen without the shell (the kiosk) has no sidebar, so all of it is checked. */
async function present(page: Page, selector?: string) {
  if (!selector) return undefined;
  // Waited for, not counted at once: a shell screen whose sidebar was not drawn yet was checked whole.
  const drawn = await new RouteScreen(page)
    .part(selector)
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  return drawn ? selector : undefined;
}

/** The routes in chunks of about CHUNK, each its own test: two workers share them, one slow page costs one chunk. */
const CHUNK = 8;
/** The first route of each sidebar group (and of the routes outside the menu), and `also`, in route-table order. */
function sampled(routes: AppRoute[], also: string[] = []): AppRoute[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    if (also.includes(r.id)) return true;
    const group = r.group ?? '(none)';
    if (seen.has(group)) return false;
    seen.add(group);
    return true;
  });
}

function chunks(look: Look): { account: Account; routes: AppRoute[] }[] {
  const out: { account: Account; routes: AppRoute[] }[] = [];
  for (const account of VISITORS) {
    const all = ROUTES.filter((r) => visitorOf(r) === account);
    const routes = look.sample ? sampled(all, look.alsoSample) : all;
    const parts = Math.max(1, Math.round(routes.length / CHUNK));
    const size = Math.ceil(routes.length / parts);
    for (let i = 0; i < routes.length; i += size) out.push({ account, routes: routes.slice(i, i + size) });
  }
  return out;
}

async function pass(page: Page, look: Look, account: Account, routes: AppRoute[]) {
  await signIn(page, account, '/login');
  await setPreferences(page, {
    customizer: { theme: look.theme, direction: look.direction },
    language: look.language,
  });
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(concrete(route));
    await settled(page);
    for (const issue of await seriousAxeIssues(page, { include: await present(page, look.only) }))
      found.push(`${route.path}: ${issue}`);
  }
  expect(found).toEqual([]);
}

test.describe('axe on every route', () => {
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });
  for (const look of LOOKS) {
    for (const { account, routes } of chunks(look)) {
      const span = `${routes[0]!.path} … ${routes.at(-1)!.path}`;
      test(`${look.name}: no critical or serious issue (${account.username}: ${span})`, async ({ page }) => {
        await pass(page, look, account, routes);
      });
    }
  }
});

// The check above passes when it finds nothing; this proves it still finds something (legacy mode,
// support/axe.ts) on a page with two known defects.
test('the axe check itself sees a serious defect', async ({ page }) => {
  await page.setContent(
    '<html lang="pt"><title>x</title><main><h1>x</h1><img src="data:,"><button></button></main></html>',
  );
  const issues = await seriousAxeIssues(page);
  expect(issues.map((i) => i.split(' ')[0]).sort()).toEqual(['button-name', 'image-alt']);
});
