import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLockerAtWall } from './office-at-wall';
import { WallRefusal, WallUnreachable } from './wall-api';

/** "Open my locker" at the wall while the server is gone (ADR 0160, issue #32). */
describe('openLockerAtWall', () => {
  const calls: Array<{ url: string; body: unknown }> = [];
  let answer: () => Promise<Response>;
  const json = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  beforeEach(() => {
    calls.length = 0;
    localStorage.setItem('kiosk.wall', JSON.stringify('http://10.0.0.20:8088'));
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
      return answer();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const opened = (door: number) =>
    json(200, {
      ok: true,
      kind: 'office',
      doors: [door],
      message: `Door ${door} is open.`,
      lang: 'en',
      serverReachable: false,
    });

  it("gives a card to the wall's reader for the office kind only, never an asset", async () => {
    answer = () => opened(4);
    await expect(openLockerAtWall({ card: '04A31B22' }, 'en')).resolves.toEqual([4]);
    expect(calls).toEqual([
      { url: 'http://10.0.0.20:8088/card', body: { card: '04A31B22', kind: 'office', lang: 'en' } },
    ]);
  });

  it("gives a PIN to the wall's keypad", async () => {
    answer = () => opened(2);
    await expect(openLockerAtWall({ pin: '4821' }, 'pt')).resolves.toEqual([2]);
    expect(calls).toEqual([{ url: 'http://10.0.0.20:8088/keypad', body: { code: '4821', lang: 'pt' } }]);
  });

  it("says the wall's refusal in its words, and knows when no wall answers", async () => {
    answer = () =>
      json(403, {
        ok: false,
        doors: [],
        reason: 'notNow',
        message: 'Not at this time.',
        lang: 'en',
        serverReachable: false,
      });
    const refused = await openLockerAtWall({ pin: '4821' }, 'en').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WallRefusal);
    expect((refused as WallRefusal).message).toBe('Not at this time.');
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(openLockerAtWall({ card: '04A31B22' }, 'en')).rejects.toBeInstanceOf(WallUnreachable);
    localStorage.clear();
    await expect(openLockerAtWall({ card: '04A31B22' }, 'en')).rejects.toBeInstanceOf(WallUnreachable);
  });
});
