import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type CallInput, type Endpoint } from '@cacifo/contract';
import { connectDatabase } from '../../src/db/connect.js';
import { createTestDb, testDialects, type TestDb } from '../helpers/test-db.js';
import { adminToken, freePort, ServerProcesses, until } from '../helpers/server-process.js';
import { startSmsReceiver } from '../helpers/message-peers.js';
import { fetchApi } from '../helpers/test-app.js';

const servers = new ServerProcesses();

/**
 * Messages queued when the server is killed (SIGKILL) are sent after it restarts: none is lost. The
 * SMS gateway holds its first request unanswered, so at the kill one message is in flight and the
 * others wait in the outbox.
 */
describe.each(testDialects())('message outbox under SIGKILL [%s]', (dialect) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cacifo-msg-kill-'));
  let pgDb: TestDb | null = null;
  const sms = startSmsReceiver();
  afterAll(async () => {
    await servers.killAll();
    await (await sms).close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('sends every queued message after a restart', async () => {
    const gateway = await sms;
    gateway.answer = 'hang';
    const port = String(await freePort());
    const env: Record<string, string> = {
      PORT: port,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-pass',
      SMS_WEBHOOK_URL: gateway.url,
      SIMULATOR_OPEN_LATENCY_MS: '10',
      SIMULATOR_AUTO_CLOSE_MS: '100',
    };
    if (dialect === 'postgres') {
      pgDb = await createTestDb('postgres');
      await pgDb.handle.close();
      env.DATABASE_URL = pgDb.databaseUrl!;
    }
    let child = await servers.start(env);
    const base = `http://127.0.0.1:${port}`;
    const token = await adminToken(base);
    const api = async <E extends Endpoint>(endpoint: E, input: CallInput<E>) =>
      (await fetchApi(base, token, endpoint, input)).data;
    const place = await api(API.locations.create, {
      body: {
        name: 'Kill',
        type: 'DELIVERY',
        lockers: Array.from({ length: 5 }, (_, d) => ({ doorNumber: d + 1, size: 'S' })),
      },
    });
    const orderIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const packageId = `SGPTKILLMSG${Date.now() % 100000}${i}`;
      const o = await api(API.orders.create, {
        body: { packageId, recipientPhone: `91000000${i}` },
      });
      orderIds.push(o.id);
      await api(API.orders.assignLocker, {
        query: { locationId: place.Place.id, size: 'S', packageId: packageId },
      });
      await api(API.orders.storePackage, { query: { packageId: packageId } });
    }
    // The doors close by themselves: every package is stored, its pickup code queued.
    for (const id of orderIds) {
      await until(async () => (await api(API.orders.order, { query: { id: id } })).state === 4);
    }
    await until(async () => gateway.received.length >= 1);
    child.kill('SIGKILL');
    const beforeKill = gateway.received.length;

    // The killed instance's leases (the sender job's, the message in flight) would expire in a
    // minute; the test moves them to the past instead of waiting.
    const handle = connectDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, dataDir } : { dataDir },
    );
    const queued = await handle.db
      .selectFrom('messages')
      .select(['id', 'order_id'])
      .where('status', '=', 'queued')
      .execute();
    expect(queued.map((m) => m.order_id).sort()).toEqual([...orderIds].sort());
    await handle.db
      .updateTable('job_locks')
      .set({ locked_until: new Date(0).toISOString() })
      .execute();
    await handle.db.updateTable('messages').set({ locked_until: null }).execute();
    await handle.close();

    gateway.answer = 200;
    child = await servers.start(env);
    const sent = await until(async () => {
      const list = await api(API.notifications.messages, { query: { max_results: 50 } });
      return list.messages.every((m) => m.status === 'sent') ? list.messages : null;
    });
    expect(sent.map((m) => m.orderId).sort()).toEqual([...orderIds].sort());
    // Each order's code reached the gateway; the one in flight at the kill possibly twice (at least once).
    for (const id of orderIds) expect(gateway.received.some((r) => r.orderId === id)).toBe(true);
    expect(gateway.received.length).toBeLessThanOrEqual(orderIds.length + beforeKill);
    child.kill('SIGKILL');
  }, 120_000);
});
