import { expect, type APIRequestContext } from '@playwright/test';
import { API } from '@cacifo/contract';
import type { Account } from './accounts';
import { callApi } from './api';
import type { KioskWall } from './kiosk-wall';
import { WebhookReceiver } from './webhook-receiver';

/*
 * Carriers of a spec's own (issue #31): a client granted a wall, its partner key, its webhook on a
 * receiver the spec starts, its admin account, and its parcels pre-advised and deposited.
 */

export interface Carrier {
  name: string;
  clientId: number;
  key: string;
  receiver: WebhookReceiver;
  admin: Account;
  /** Sets its recipients' phones apart from the other carrier's. */
  digit: number;
  /** Its three parcels: the last is cancelled by the carrier; A deposits two, B one. */
  parcels: string[];
}

export const ok = (status: number, what: string, body: { Description: string }) =>
  expect(status, `${what}: ${body.Description}`).toBe(200);

/** A client granted the wall, its key (every scope), its webhook on a receiver of its own and its admin. */
export async function carrier(
  request: APIRequestContext,
  token: string,
  wall: KioskWall,
  tag: string,
  digit: number,
  suffix: string,
) {
  const name = `Transportes ${tag} E2E ${suffix}`;
  const made = await callApi(request, token, API.clients.create, { body: { name } });
  ok(made.status, 'client', made.body);
  const client = made.body.Data;
  const granted = await callApi(request, token, API.clients.setGrants, {
    params: { id: client.id },
    body: { placeIds: [wall.placeId], updatedAt: client.updatedAt },
  });
  ok(granted.status, 'grants', granted.body);
  const key = await callApi(request, token, API.apiKeys.create, {
    body: {
      name: `Chave ${tag} ${suffix}`,
      scopes: ['orders:write', 'orders:read', 'lockers:read', 'webhooks:manage'],
      companyId: name,
    },
  });
  ok(key.status, 'key', key.body);
  const receiver = await WebhookReceiver.start();
  const hook = await callApi(request, key.body.Data.key, API.partner.createWebhook, {
    body: {
      url: receiver.url,
      events: ['order.created', 'order.locker_assigned', 'order.stored', 'order.canceled'],
    },
  });
  ok(hook.status, 'webhook', hook.body);
  receiver.secret = hook.body.Data.secret;
  const admin: Account = {
    username: `tc${tag.toLowerCase()}${suffix}`,
    role: 'store',
    password: 'loja-e2e-31',
  };
  const account = await callApi(request, token, API.admins.createEmployee, {
    body: {
      username: admin.username,
      name: `Gestor ${tag} ${suffix}`,
      company: name,
      password: admin.password,
      confirmPassword: admin.password,
    },
  });
  ok(account.status, 'client admin', account.body);
  const parcels = [1, 2, 3].map((n) => `SGPT${tag}${suffix}${n}`);
  return {
    name,
    clientId: client.id,
    key: key.body.Data.key,
    receiver,
    admin,
    digit,
    parcels,
  } satisfies Carrier;
}

export async function preAdvise(request: APIRequestContext, c: Carrier, wallId: number, suffix: string) {
  for (const [i, packageId] of c.parcels.entries()) {
    const res = await callApi(request, c.key, API.partner.createOrder, {
      body: {
        packageId,
        recipientName: `Destinatário ${packageId}`,
        // Another phone for each carrier: one recipient's parcels at one wall share a pickup code.
        recipientPhone: `9${suffix}${c.digit}${i}`,
        recipientNumber: `REF${packageId}`,
        size: 'M',
        locationId: wallId,
      },
    });
    ok(res.status, `pre-advise ${packageId}`, res.body);
  }
}

/**
 * The carrier's courier at the wall: its code of the day lists its own waiting parcels only, opens
 * nothing for the other carrier's, and puts its first `count` in lockers.
 */
export async function deposit(
  request: APIRequestContext,
  screen: string,
  c: Carrier,
  other: Carrier,
  count: number,
  wallId: number,
) {
  const codes = await callApi(request, c.key, API.partner.courierCodes, {});
  ok(codes.status, 'courier codes', codes.body);
  const accessCode = codes.body.Data.codes.find((x) => x.locationId === wallId)!.code;
  const listed = await callApi(request, screen, API.carrierKiosk.parcels, { body: { accessCode } });
  ok(listed.status, 'carrier parcels', listed.body);
  expect(listed.body.Data.parcels.map((p) => p.packageId).sort()).toEqual(c.parcels.slice(0, 2).sort());
  for (const packageId of other.parcels.slice(0, 2)) {
    const refused = await callApi(request, screen, API.carrierKiosk.deposit, {
      body: { accessCode, packageId },
    });
    expect([refused.status, refused.body.Description]).toEqual([404, 'orderNotExist']);
  }
  for (const packageId of c.parcels.slice(0, count)) {
    const opened = await callApi(request, screen, API.carrierKiosk.deposit, {
      body: { accessCode, packageId },
    });
    ok(opened.status, `deposit ${packageId}`, opened.body);
  }
}

export const stateOf = async (request: APIRequestContext, c: Carrier, packageId: string) =>
  (await callApi(request, c.key, API.partner.order, { params: { packageId } })).body.Data?.state;
