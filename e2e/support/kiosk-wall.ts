import type { APIRequestContext } from '@playwright/test';
import { API, type CallInput, type Endpoint, type ReplyOf } from '@cacifo/contract';
import { ACCOUNTS, type Account } from './accounts';
import { callApi, callData, tokenFor } from './api';

/** An admin's calls through the API, each failing the spec with the server's reason. */
export interface AdminApi {
  token: string;
  /** A contract endpoint (see callData): its `Data`, or the spec fails naming the call. */
  call<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<ReplyOf<E>>;
  /** The same call answering 'ok' or the server's refusal code instead of failing the spec. */
  attempt<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<string>;
}

export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const token = (await tokenFor(request, ACCOUNTS.admin)).access_token;
  return {
    token,
    call: (endpoint, input) => callData(request, token, endpoint, input),
    async attempt(endpoint, input) {
      const { ok, body } = await callApi(request, token, endpoint, input);
      return ok ? 'ok' : body.Description;
    },
  };
}

export interface KioskWall {
  placeId: number;
  placeName: string;
  /** The wall's doors by number. */
  lockers: Map<number, { id: number; size: string }>;
  /** The screen account installed at the wall. */
  screen: Account;
}

let seq = 0;
/**
 * A wall of the spec's own (a location with its doors and a screen account installed there), so
 * no two specs share doors or kiosk counters: the spec signs its screen in at /kiosk.
 */
export async function kioskWall(
  admin: AdminApi,
  opts: { type: 'DELIVERY' | 'OFFICE' | 'MARKETPLACE'; name: string; sizes: string[]; systemType?: string },
): Promise<KioskWall> {
  const suffix = `${Date.now() % 1_000_000}${++seq}`;
  const placeName = `${opts.name} ${suffix}`;
  const created = await admin.call(API.locations.create, {
    body: {
      name: placeName,
      type: opts.type,
      ...(opts.systemType ? { systemType: opts.systemType } : {}),
      lockers: opts.sizes.map((size, i) => ({ doorNumber: i + 1, size })),
    },
  });
  const placeId = created.Place.id;
  const { Lockers } = await admin.call(API.locations.lockers, { params: { id: placeId } });
  const password = 'ecra-e2e-1';
  const username = `wall${suffix}`;
  await admin.call(API.admins.create, {
    body: {
      username,
      name: `Ecrã ${placeName}`,
      kind: 'screen',
      role: 'screen',
      password,
      confirmPassword: password,
      kioskPlaceId: placeId,
    },
  });
  return {
    placeId,
    placeName,
    lockers: new Map(Lockers.map((l) => [l.doorNumber, { id: l.id, size: l.size }])),
    screen: { username, role: 'screen', password },
  };
}
