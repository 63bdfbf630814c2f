import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { fastSimulator } from '../helpers/fixtures.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { TEST_CLIENT, testConfig } from '../helpers/test-app.js';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default; takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });
});

/** Who the server believes is calling: the address per-address sign-in limits count. */
describe('the forwarded address', () => {
  let db: TestDb;
  const apps: FastifyInstance[] = [];
  const build = async (env: Record<string, string>) => {
    const app = await buildApp(testConfig(env, db.dataDir), {
      handle: db.handle,
      webRoot: '/nonexistent',
      driver: fastSimulator(null),
    });
    // A probe route outside the API: what req.ip says for a given peer and header.
    app.get('/probe-ip', { config: { permission: 'public' } }, (req) => ({ ip: req.ip }));
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    db = await createTestDb('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });
  const ip = async (app: FastifyInstance, remoteAddress: string, xff?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/probe-ip',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
    ).json<{ ip: string }>().ip;

  it('is ignored from an untrusted peer, by default and when the peer is not a listed proxy', async () => {
    const open = await build({});
    expect(await ip(open, '198.51.100.4', '203.0.113.1')).toBe('198.51.100.4');
    const listed = await build({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await ip(listed, '198.51.100.4', '203.0.113.1')).toBe('198.51.100.4');
    expect(await ip(listed, '10.1.2.3', '203.0.113.1')).toBe('203.0.113.1');
    // A client's own forged entry in front of the proxy's is not believed either.
    expect(await ip(listed, '10.1.2.3', '6.6.6.6, 203.0.113.1')).toBe('203.0.113.1');
    const hops = await build({ TRUST_PROXY: '1' });
    expect(await ip(hops, '198.51.100.4', '6.6.6.6, 203.0.113.1')).toBe('203.0.113.1');
  });

  it('a new X-Forwarded-For per guess does not start a new count', async () => {
    const app = apps[0] ?? (await build({}));
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/oauth/v2/token',
        remoteAddress: '198.51.100.5',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { grant_type: 'password', username: 'nobody-here', password: 'x', ...TEST_CLIENT },
      });
      codes.push(r.json<{ Description: string }>().Description);
    }
    expect(codes).toEqual([...Array(5).fill('invalidCredentials'), 'tooManyAttempts', 'tooManyAttempts']);
  });
});
