import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isKioskOffline, serverUnreachable, setKioskOffline } from './offline-state';
import { pickupOrWall } from './use-pickup-or-wall';
import { WallRefusal, WallUnreachable } from './wall-api';
import { rememberWallFromUrl, wallAddress, wallOrigin } from './wall-address';

/** When the kiosk asks its wall instead of the server (ADR 0160). */
describe('the kiosk falls back to its wall only when the server cannot be reached', () => {
  it('no answer or a gateway error is unreachable; any reply of the server itself is not', () => {
    expect(serverUnreachable(new ApiError('internalError', 0))).toBe(true);
    expect(serverUnreachable(new ApiError('internalError', 502))).toBe(true);
    expect(serverUnreachable(new ApiError('internalError', 504))).toBe(true);
    // The server answered: it may have opened the door, or says the wall itself is unreachable.
    expect(serverUnreachable(new ApiError('internalError', 500))).toBe(false);
    expect(serverUnreachable(new ApiError('deviceUnavailable', 503))).toBe(false);
    expect(serverUnreachable(new ApiError('wrongPin', 400))).toBe(false);
    expect(serverUnreachable(new ApiError('tooManyAttempts', 429))).toBe(false);
    expect(serverUnreachable(new Error('boom'))).toBe(false);
  });

  it("keeps only an http(s) wall's origin from ?wall=, and forgets it on an empty one", () => {
    expect(wallOrigin('http://10.0.0.20:8088/keypad?x=1')).toBe('http://10.0.0.20:8088');
    expect(wallOrigin('javascript:alert(1)')).toBeNull();
    expect(wallOrigin('http://user:pw@10.0.0.20')).toBeNull();
    expect(wallOrigin('10.0.0.20:8088')).toBeNull();
    rememberWallFromUrl('?wall=http%3A%2F%2F10.0.0.20%3A8088');
    expect(wallAddress()).toBe('http://10.0.0.20:8088');
    rememberWallFromUrl('?wall=ftp://x');
    expect(wallAddress()).toBe('http://10.0.0.20:8088');
    rememberWallFromUrl('?other=1');
    expect(wallAddress()).toBe('http://10.0.0.20:8088');
    rememberWallFromUrl('?wall=');
    expect(wallAddress()).toBeNull();
  });
});

describe('a pickup code goes to the server, else to the wall', () => {
  const calls: string[] = [];
  let server: () => Promise<Response>;
  let wall: (body: unknown) => Promise<Response>;
  const json = (status: number, body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

  beforeEach(() => {
    calls.length = 0;
    setKioskOffline(false);
    localStorage.setItem('kiosk.wall', JSON.stringify('http://10.0.0.20:8088'));
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push(String(url));
      return String(url).startsWith('http://10.0.0.20:8088') ? wall(JSON.parse(String(init.body))) : server();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens at the wall when the server does not answer, in the visitor language, then stays offline', async () => {
    server = () => Promise.reject(new TypeError('Failed to fetch'));
    wall = (body) => {
      expect(body).toEqual({ code: '123456', lang: 'fr' });
      return json(200, {
        ok: true,
        doors: [3],
        message: 'Porte 3 ouverte.',
        lang: 'fr',
        serverReachable: false,
      });
    };
    await expect(pickupOrWall({ placeId: 1, pin: '123456' }, 'fr')).resolves.toEqual([3]);
    expect(isKioskOffline()).toBe(true);
    expect(calls).toEqual(['/api/kiosk/pickup', 'http://10.0.0.20:8088/keypad']);
    // Offline, the next code goes straight to the wall.
    calls.length = 0;
    await pickupOrWall({ placeId: 1, pin: '123456' }, 'fr');
    expect(calls).toEqual(['http://10.0.0.20:8088/keypad']);
  });

  it("says the wall's refusal as the wall words it, and knows when neither answers", async () => {
    server = () => json(502, 'Bad gateway');
    wall = () =>
      json(403, {
        ok: false,
        doors: [],
        reason: 'used',
        message: 'Ce code a déjà été utilisé.',
        lang: 'fr',
        serverReachable: false,
      });
    const refused = await pickupOrWall({ placeId: 1, pin: '123456' }, 'fr').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WallRefusal);
    expect((refused as WallRefusal).message).toBe('Ce code a déjà été utilisé.');
    wall = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(pickupOrWall({ placeId: 1, pin: '123456' }, 'fr')).rejects.toBeInstanceOf(WallUnreachable);
  });

  it('never asks the wall when the server answered, even with a refusal', async () => {
    server = () => json(400, { ResultCode: 0, Data: null, Description: 'wrongPin' });
    wall = () => Promise.reject(new Error('the wall must not be asked'));
    await expect(pickupOrWall({ placeId: 1, pin: '000000' }, 'pt')).rejects.toMatchObject({
      code: 'wrongPin',
    });
    expect(calls).toEqual(['/api/kiosk/pickup']);
    expect(isKioskOffline()).toBe(false);
  });
});
