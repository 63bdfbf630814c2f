import { afterEach, describe, expect, it } from 'vitest';
import type { ControllerMessage } from '@cacifo/contract';
import { SimulatedController } from './controller.js';
import { startLocalApi, type LocalApiHandle } from './local-api.js';
import { OfflineAgent } from './offline-agent.js';

/** The simulator's hands on its local API (`--hands`, issue #32): tags in and out, a door shut. */
describe('local API: the simulator hands', () => {
  let controller: SimulatedController;
  let api: LocalApiHandle | null = null;
  afterEach(async () => {
    await api?.close();
    api = null;
    controller.stop();
  });

  async function start(hands: boolean) {
    controller = new SimulatedController({ placeId: 9, doors: 2, openLatencyMs: 0, autoCloseMs: null });
    controller.start();
    const agent = new OfflineAgent({ controller, key: null });
    api = await startLocalApi(agent, 0, '127.0.0.1', ['https://cacifo.example'], { hands });
    const base = `http://127.0.0.1:${api.port}`;
    return (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
  }

  it('puts a tag in a door and takes it out, as the reader reports it; shuts an open door', async () => {
    const post = await start(true);
    const events: ControllerMessage[] = [];
    controller.onMessage((m) => events.push(m));
    const put = await post('/hands/tag', { door: 2, tagId: 'E280-1', present: true });
    expect([put.status, await put.json()]).toEqual([
      200,
      { ok: true, door: 2, open: false, tags: ['E280-1'] },
    ]);
    expect(controller.snapshot().doors[1]!.tags).toEqual(['E280-1']);
    const tagEvents = () =>
      events.flatMap((m) => (m.topic === 'event' && m.payload.type === 'tag' ? [m.payload] : []));
    expect(tagEvents()).toMatchObject([{ door: 2, tagId: 'E280-1', present: true }]);
    const out = await post('/hands/tag', { door: 2, tagId: 'E280-1', present: false });
    expect(await out.json()).toMatchObject({ tags: [] });
    expect(tagEvents()).toMatchObject([{ present: true }, { door: 2, tagId: 'E280-1', present: false }]);

    controller.openByHand(1);
    expect(controller.snapshot().doors[0]!.open).toBe(true);
    const shut = await post('/hands/close', { door: 1 });
    expect(await shut.json()).toEqual({ ok: true, door: 1, open: false, tags: [] });
  });

  it('refuses a bad body, an unknown door and any browser page, the kiosk included', async () => {
    const post = await start(true);
    expect((await post('/hands/tag', { door: 1, tagId: 'bad tag!', present: true })).status).toBe(400);
    const unknown = await post('/hands/close', { door: 7 });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'unknownDoor' }]);
    const kiosk = await post(
      '/hands/tag',
      { door: 1, tagId: 'T1', present: true },
      {
        origin: 'https://cacifo.example',
      },
    );
    expect(kiosk.status).toBe(403);
    expect(controller.snapshot().doors[0]!.tags).toEqual([]);
  });

  it('has no hands unless started with them', async () => {
    const post = await start(false);
    const r = await post('/hands/tag', { door: 1, tagId: 'T1', present: true });
    expect([r.status, await r.json()]).toEqual([404, { error: 'notFound' }]);
    expect(controller.snapshot().doors[0]!.tags).toEqual([]);
  });
});
