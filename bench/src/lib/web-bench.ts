import { join } from 'node:path';
import { BENCH_ROOT, TMP_DIR } from './args.js';
import type { DataMeta } from './meta.js';
import { bundleSizes } from './web-bundle.js';
import { authEntry, GRID_PROBE, jsLoaded, launch } from './web-browser.js';
import { runLighthouse } from './lighthouse.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

/** Bundle sizes, JS a browser loads, the 1,000-tile grid, one LockerUpdate, and Lighthouse. */
export async function runWeb(opts: { url: string; token: string; meta: DataMeta; lighthouse: boolean }) {
  const bundle = bundleSizes(join(BENCH_ROOT, '..', 'apps', 'web', 'dist'));
  const auth = await authEntry(opts.url, opts.meta.admin.username, opts.meta.admin.password);
  const browser = await launch();
  const out: Record<string, unknown> = { bundle };
  try {
    const anon = await browser.newPage();
    out.jsLoadedLoginKb = await jsLoaded(anon, opts.url, '/login');
    await anon.close();

    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await ctx.addInitScript(GRID_PROBE);
    await ctx.addInitScript(`window.__benchLastDoor = ${opts.meta.counts.gridLockers}`);
    await ctx.addInitScript((v) => localStorage.setItem('auth', JSON.stringify(v)), auth);
    const page = await ctx.newPage();
    out.jsLoadedHomeKb = await jsLoaded(page, opts.url, '/');

    const doors = opts.meta.counts.gridLockers!;
    await page.goto(`${opts.url}/locations/${opts.meta.gridPlaceId}`);
    await page
      .getByTestId(`locker-tile-${doors}`)
      .waitFor({ state: 'attached', timeout: 60_000 })
      .catch(async (err: unknown) => {
        await page.screenshot({ path: join(TMP_DIR, 'grid-failure.png') });
        throw err;
      });
    await page.waitForTimeout(500);
    // Strings, not functions: tsx adds helpers to named functions that do not exist in the page.
    const grid = (await page.evaluate(`(() => {
      const m = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
      return {
        tiles: document.querySelectorAll('[data-testid^="locker-tile-"]').length,
        dataAt: m('grid-data'),
        domAt: m('grid-dom'),
        frameAt: m('grid-frame'),
      };
    })()`)) as { tiles: number; dataAt: number | null; domAt: number | null; frameAt: number | null };
    out.grid = {
      tiles: grid.tiles,
      renderMs: grid.dataAt !== null && grid.domAt !== null ? +(grid.domAt - grid.dataAt).toFixed(1) : null,
      toFrameMs:
        grid.dataAt !== null && grid.frameAt !== null ? +(grid.frameAt - grid.dataAt).toFixed(1) : null,
      note: 'from the end of the lockersByPlace reply to the last tile in the DOM (and to the next frame)',
    };

    // Doors shut then pulled open one at a time (a door already in that state sends nothing, and
    // the realtime part may have left some open); each LockerUpdate's tile change is timed.
    const door = (n: number, action: 'open' | 'close') =>
      fetch(`${opts.url}/api/dev/simulator/${opts.meta.gridPlaceId}/doors/${n}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}` },
      });
    for (let d = 1; d <= 5; d++) {
      for (const action of ['close', 'open'] as const) {
        await door(d * 100 - 7, action);
        await page.waitForTimeout(500);
      }
    }
    const updates = (await page.evaluate('window.__bench.updates')) as Array<{
      at: number;
      changedAt: number | null;
      frameAt: number | null;
    }>;
    const changed = updates.filter((u) => u.changedAt !== null);
    out.lockerUpdate = {
      messages: updates.length,
      tilesChanged: changed.length,
      medianMs: +median(changed.map((u) => u.changedAt! - u.at)).toFixed(1),
      maxMs: changed.length ? +Math.max(...changed.map((u) => u.changedAt! - u.at)).toFixed(1) : null,
      toFrameMedianMs: +median(changed.filter((u) => u.frameAt).map((u) => u.frameAt! - u.at)).toFixed(1),
    };
    await ctx.close();
  } finally {
    await browser.close();
  }
  if (opts.lighthouse) {
    // Lighthouse sometimes loses its own trace (NO_NAVSTART): such a run is taken once more and
    // the first error is kept beside the figure.
    const measured = async (path: string, a: object | null) => {
      const first = await runLighthouse(opts.url, path, a);
      if (!first.error || first.performance !== null) return first;
      return { ...(await runLighthouse(opts.url, path, a)), firstError: first.error };
    };
    out.lighthouse = [await measured('/login', null), await measured('/', auth)];
  }
  return out;
}
