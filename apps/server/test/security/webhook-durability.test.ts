import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { createTestDb, testDialects, type TestDb } from '../helpers/test-db.js';
import { freePort, ServerProcesses, until } from '../helpers/server-process.js';
import { startReceiver, verifySignature } from '../helpers/webhook-receiver.js';

const servers = new ServerProcesses();

/**
 * The webhook outbox is durable (issue #24): events of acknowledged changes that were not yet
 * delivered when the server was killed with SIGKILL are delivered after it restarts.
 */
describe.each(testDialects())('webhook outbox under SIGKILL [%s]', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-hook-kill-'));
  let pgDb: TestDb | null = null;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
  afterAll(async () => {
    await servers.killAll();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('delivers after a restart every event that was pending when the server died', async () => {
    receiver = await startReceiver();
    receiver.answerWith(() => 503);
    const port = String(await freePort());
    const env: Record<string, string> = {
      PORT: port,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-pass',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_TIMEOUT_MS: '1000',
    };
    if (dialect === 'postgres') {
      pgDb = await createTestDb('postgres');
      await pgDb.handle.close();
      env.DATABASE_URL = pgDb.databaseUrl!;
    }
    let child = await servers.start(env);
    const base = `http://127.0.0.1:${port}`;
    const json = async (path: string, init: RequestInit & { token?: string } = {}) => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      });
      return { status: res.status, body: (await res.json()) as { Data: Record<string, unknown> } };
    };
    const token = (
      (await json('/oauth/v2/token', {
        method: 'POST',
        body: JSON.stringify({
          grant_type: 'password',
          username: 'admin',
          password: 'admin-pass',
          client_id: 'cacifo-web',
          client_secret: 'cacifo-web-secret',
        }),
      })) as unknown as { body: { Data: { access_token: string } } }
    ).body.Data.access_token;
    const key = (
      await json(API.apiKeys.create.path, {
        method: 'POST',
        token,
        body: JSON.stringify({
          name: 'Durável',
          companyId: 'Durável',
          scopes: ['orders:write', 'webhooks:manage'],
        }),
      })
    ).body.Data.key as string;
    const hook = await json(API.partner.createWebhook.path, {
      method: 'POST',
      token: key,
      body: JSON.stringify({ url: receiver.url, events: ['order.created'] }),
    });
    expect(hook.status).toBe(200);
    const secret = hook.body.Data.secret as string;
    const acknowledged: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await json(API.partner.createOrder.path, {
        method: 'POST',
        token: key,
        body: JSON.stringify({ packageId: `KILL${Date.now()}${i}`, recipientPhone: '912345678' }),
      });
      expect(res.status).toBe(200);
      acknowledged.push(res.body.Data.id as number);
    }
    // The receiver has refused at least one attempt: the events are in the outbox, undelivered.
    await until(() => receiver!.received.length > 0, 15_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const before = receiver.received.filter((r) => r.answered === 200).length;
    expect(before).toBe(0);

    receiver.answerWith(() => 200);
    child = await servers.start(env);
    const delivered = await until(() => {
      const ok = receiver!.received.filter((r) => r.answered === 200);
      const orders = new Set(ok.map((r) => (r.json.data.order as { id: number }).id));
      return acknowledged.every((id) => orders.has(id)) ? ok : null;
    }, 30_000);
    for (const r of delivered) {
      expect(verifySignature(r.headers['cacifo-signature'] as string, r.body, secret)).toBe(true);
    }
    console.info(
      `webhook durability: ${acknowledged.length} events pending at SIGKILL, all delivered after restart`,
    );
  }, 120_000);
});
