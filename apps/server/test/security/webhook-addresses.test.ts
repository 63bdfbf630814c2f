import { beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress } from '../../src/modules/webhooks/address-guard.js';
import { sendWebhook } from '../../src/modules/webhooks/webhook-sender.js';
import { WebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { describeEachDb, signIn } from '../helpers/test-app.js';
import { ALL_SCOPES, createApiKey } from '../helpers/partner-fixtures.js';

/**
 * Addresses a webhook must not reach, in every spelling of IPv6 that carries them (issue #31:
 * the guard took https://[::127.0.0.1]/, [::ffff:0:7f00:1] and [2002:7f00:1::1]).
 */
const REFUSED = [
  '127.0.0.1',
  '10.1.2.3',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '::',
  '::1',
  // IPv4-compatible (deprecated), IPv4-mapped, IPv4-translated
  '::127.0.0.1',
  '::7f00:1',
  '::10.0.0.1',
  '::8.8.8.8',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:192.168.0.1',
  '::ffff:0:7f00:1',
  '::ffff:0:a9fe:a9fe',
  // 6to4 and NAT64 around a private IPv4; NAT64's local-use prefix; Teredo
  '2002:7f00:1::1',
  '2002:a00:1::',
  '2002:a9fe:a9fe::1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b:1::a00:1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // link-local, unique-local, site-local, multicast, documentation, discard, benchmarking, reserved
  'fe80::1',
  'febf::1',
  'fc00::1',
  'fd12:3456::1',
  'fec0::1',
  'ff02::1',
  '2001:db8::1',
  '3fff::1',
  '100::1',
  '2001:2::1',
  '4000::1',
];
/** Public addresses, some spelled through the same IPv6 forms, stay reachable. */
const ALLOWED = [
  '8.8.8.8',
  '1.1.1.1',
  '2001:4860:4860::8888',
  '2a00:1450:4003:80e::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('the webhook address classifier', () => {
  it('refuses every private, loopback, local or reserved address, however spelled', () => {
    for (const a of REFUSED) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ALLOWED) expect(isPublicAddress(a), a).toBe(true);
    for (const junk of ['', 'localhost', '1.2.3', '::g', '[::1]', 'fe80::1%eth0', '2001:4860::1%1'])
      expect(isPublicAddress(junk), junk).toBe(false);
  });

  it('refuses them at connect time: the literal in the URL and the lookup the connection uses', async () => {
    for (const a of REFUSED) {
      const host = a.includes(':') ? `[${a}]` : a;
      const sent = await sendWebhook(
        `https://${host}:1/hook`,
        '{}',
        { eventId: 'e', secret: 's' },
        { timeoutMs: 1000, allowPrivate: false },
      );
      expect(sent, a).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringMatching(/ is a private address$/),
      });
      const looked = await new Promise<Error | null>((resolve) =>
        guardedLookup(a, { all: true }, (err) => resolve(err)),
      );
      expect(looked?.name, a).toBe('RefusedAddressError');
    }
  });
});

describeEachDb('webhook registration', (ctx) => {
  let apiKeyId: number;
  beforeAll(async () => {
    const admin = await signIn(ctx.app, 'admin');
    apiKeyId = (await createApiKey(ctx.app, admin.token, ALL_SCOPES, { name: 'Parceiro IPv6' })).id;
  });

  it('refuses a URL whose host is a refused address in any IPv6 form', async () => {
    const strict = new WebhooksService(ctx.app.db, { allowPrivate: false });
    for (const a of REFUSED.filter((x) => x.includes(':'))) {
      await expect(
        strict.create({ apiKeyId }, apiKeyId, { url: `https://[${a}]/hook`, events: ['order.created'] }),
        a,
      ).rejects.toMatchObject({ code: 'webhookUrlRefused', data: { reason: 'privateAddress' } });
    }
  });
});
