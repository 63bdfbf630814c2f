import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { passwordGrant } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** The `auth` entry the login page writes, so a page opens signed in without the form. */
export async function authEntry(url: string, username: string, password: string) {
  const token = await passwordGrant(url, username, password);
  const user = await fetch(`${url}/api/store/username/${username}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  const data = (
    (await user.json()) as { Data: { name: string; role: string; company: string | null; modules: string[] } }
  ).Data;
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    username,
    name: data.name,
    userRole: data.role,
    assignedStore: data.company,
    modules: data.modules,
  };
}

/** JavaScript the browser actually fetched while opening `path`, gzip-compressed by us (KB). */
export async function jsLoaded(page: Page, url: string, path: string): Promise<number> {
  const bodies: Promise<number>[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script')
      bodies.push(
        r.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
  };
  page.on('response', onResponse);
  await page.goto(url + path, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  return +(sizes.reduce((s, n) => s + n, 0) / 1024).toFixed(1);
}

/**
 * Runs in the page before the app: marks when the grid's lockers reply finished, when the last
 * tile is in the DOM and the next frame after it; and, for LockerUpdate, when the socket message
 * arrived and when the tile it names changed.
 */
export const GRID_PROBE = `
(() => {
  const w = window;
  w.__bench = { updates: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.includes('/api/julian/lockersByPlace/')) performance.mark('grid-data', { startTime: e.responseEnd });
  }).observe({ type: 'resource', buffered: true });
  const watch = () => {
    const last = w.__benchLastDoor;
    if (!last || w.__bench.domAt) return;
    if (document.querySelector('[data-testid="locker-tile-' + last + '"]')) {
      w.__bench.domAt = performance.now();
      performance.mark('grid-dom');
      requestAnimationFrame(() => { performance.mark('grid-frame'); w.__bench.frameAt = performance.now(); });
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
  const Native = w.WebSocket;
  w.WebSocket = class extends Native {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (ev) => {
        try {
          const m = JSON.parse(ev.data);
          if (m.MsgType !== 'LockerUpdate') return;
          const at = performance.now();
          const tile = document.querySelector('[data-testid="locker-tile-' + m.Data.doorNumber + '"]');
          if (!tile) return;
          const before = tile.outerHTML;
          const rec = { door: m.Data.doorNumber, at, changedAt: null, frameAt: null };
          w.__bench.updates.push(rec);
          const check = () => {
            const now = document.querySelector('[data-testid="locker-tile-' + m.Data.doorNumber + '"]');
            if (now && now.outerHTML !== before) {
              rec.changedAt = performance.now();
              requestAnimationFrame(() => (rec.frameAt = performance.now()));
              obs.disconnect();
            }
          };
          const obs = new MutationObserver(check);
          obs.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        } catch {}
      });
    }
  };
})();
`;
