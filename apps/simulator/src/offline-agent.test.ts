import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceCredential, DeviceCredentialSet, DeviceJournalEntry, LocalReply } from '@cacifo/contract';
import { SimulatedController } from './controller.js';
import { credentialHash, keyCheckOf } from './credential-store.js';
import { startLocalApi } from './local-api.js';
import { LocalAccess } from './local-access.js';
import { OfflineAgent } from './offline-agent.js';

const KEY = Buffer.alloc(32, 7);
const h = (via: Parameters<typeof credentialHash>[1], value: string) => credentialHash(KEY, via, value);
const always = [{ from: 0, until: 8_000_000_000_000 }];

function credential(over: Partial<DeviceCredential> & Pick<DeviceCredential, 'id' | 'kind' | 'match'>) {
  return { doors: [], windows: always, oneTime: true, ...over } as DeviceCredential;
}

function set(version: number, credentials: DeviceCredential[], over: Partial<DeviceCredentialSet> = {}) {
  return {
    placeId: 4,
    version,
    keyCheck: keyCheckOf(KEY),
    credentials,
    parcels: [],
    freeDoors: [],
    at: Date.now(),
    ...over,
  } satisfies DeviceCredentialSet;
}

const pickup = credential({
  id: 'order:1',
  kind: 'pickup',
  match: [
    { via: 'pin', hash: h('pin', '123456') },
    { via: 'qr', hash: h('qr', 'CACIFO-1-abc') },
  ],
  doors: [2],
});

describe('the wall deciding alone', () => {
  let controller: SimulatedController;
  let agent: OfflineAgent;
  let access: LocalAccess;
  let sent: DeviceJournalEntry[];

  beforeEach(() => {
    vi.useFakeTimers();
    controller = new SimulatedController({ placeId: 4, doors: 4, openLatencyMs: 50, autoCloseMs: 200 });
    controller.start();
    agent = new OfflineAgent({ controller, key: KEY, serverTimeoutMs: 1000, resendAfterMs: 500 });
    access = new LocalAccess(agent);
    sent = [];
    agent.onJournal((e) => sent.push(e));
  });
  afterEach(() => {
    controller.stop();
    vi.useRealTimers();
  });

  /** Lets the door open (latency) and answers the local call. */
  async function run(call: Promise<LocalReply>, ms = 60): Promise<LocalReply> {
    await vi.advanceTimersByTimeAsync(ms);
    return call;
  }

  it('refuses everything before a set arrives, and a set made with another key', async () => {
    expect((await run(access.keypad('123456', 'en'))).reason).toBe('noCredentials');
    expect(agent.applyCredentials(set(1, [pickup], { keyCheck: '0000000000000000' }))).toBe(false);
    expect((await run(access.keypad('123456', 'pt'))).message).toBe(
      'O cacifo ainda não recebeu os códigos. Tente mais tarde.',
    );
  });

  it('opens a parcel door with its PIN once, journals it, and sends the journal when the server is back', async () => {
    agent.applyCredentials(set(1, [pickup]));
    const reply = await run(access.keypad('123456', 'fr'));
    expect(reply).toMatchObject({ ok: true, kind: 'pickup', doors: [2], message: 'Porte 2 ouverte.' });
    expect(reply.serverReachable).toBe(false);
    expect((await run(access.keypad('123456', 'en'))).reason).toBe('used');
    await vi.advanceTimersByTimeAsync(300); // auto-close
    const kinds = agent.journal.entries().map((e) => `${e.type}${e.type === 'door' ? `:${e.open}` : ''}`);
    expect(kinds).toEqual(['door:true', 'access', 'door:false']);
    const opened = agent.journal.entries()[0] as Extract<DeviceJournalEntry, { type: 'door' }>;
    const entry = agent.journal.entries()[1] as Extract<DeviceJournalEntry, { type: 'access' }>;
    expect(entry).toMatchObject({
      credentialId: 'order:1',
      via: 'pin',
      doors: [{ door: 2, outcome: 'opened' }],
    });
    expect(opened.access).toBe(entry.seq);
    expect(sent).toEqual([]);

    agent.serverSeen();
    // In the order of history: the access first, then what its door did.
    expect(sent.map((e) => e.type)).toEqual(['access', 'door', 'door']);
    agent.serverSeen();
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(600);
    agent.serverSeen();
    expect(sent).toHaveLength(6);
    agent.applyAck({
      placeId: 4,
      entries: agent.journal.entries().map(({ boot, seq }) => ({ boot, seq })),
      at: 0,
    });
    expect(agent.status().journalPending).toBe(0);
  });

  it('takes the QR, refuses a code outside its window, and forgets a revoked code', async () => {
    const later = credential({
      ...pickup,
      id: 'order:2',
      match: [{ via: 'pin', hash: h('pin', '222222') }],
      windows: [{ from: Date.now() + 60_000, until: Date.now() + 120_000 }],
    });
    agent.applyCredentials(set(1, [pickup, later]));
    expect(await run(access.qr('https://x.example/pickup/qr?c=CACIFO-1-abc', 'en'))).toMatchObject({
      ok: true,
      doors: [2],
    });
    expect((await run(access.keypad('222222', 'en'))).reason).toBe('notNow');
    expect(
      agent.applyDelta({
        placeId: 4,
        fromVersion: 1,
        version: 2,
        upsert: [],
        revoke: ['order:2'],
        parcels: [],
        freeDoors: [],
        at: 0,
      }),
    ).toBe(true);
    expect((await run(access.keypad('222222', 'es'))).message).toBe('Código desconocido.');
    // A delta not made on top of what is held waits for the full set.
    expect(
      agent.applyDelta({
        placeId: 4,
        fromVersion: 7,
        version: 8,
        upsert: [],
        revoke: [],
        parcels: [],
        freeDoors: [],
        at: 0,
      }),
    ).toBe(false);
    expect(agent.store.version).toBe(2);
  });

  it('stops answering after ten wrong codes', async () => {
    agent.applyCredentials(set(1, [pickup]));
    for (let i = 0; i < 10; i++)
      expect((await run(access.keypad(`99999${i}`, 'en'))).reason).toBe('unknownCode');
    expect((await run(access.keypad('123456', 'en'))).reason).toBe('tooManyAttempts');
  });

  it("a card with an office locker and an asset asks which, then opens the chosen one's door", async () => {
    const office = credential({
      id: 'user:5',
      kind: 'office',
      match: [{ via: 'card', hash: h('card', 'C-5') }],
      doors: [3, 4],
      oneTime: false,
    });
    const asset = credential({
      id: 'asset:9:user:5',
      kind: 'asset',
      match: [{ via: 'card', hash: h('card', 'C-5') }],
      doors: [1],
    });
    agent.applyCredentials(set(1, [office, asset]));
    // The kiosk's "open my locker" asks for the office kind: no choice, and never the asset's door.
    expect(await run(access.card('C-5', undefined, 'en', 'office'))).toMatchObject({
      ok: true,
      kind: 'office',
      doors: [3],
    });
    await vi.advanceTimersByTimeAsync(1000);
    const first = await run(access.card('C-5', undefined, 'en'));
    expect(first).toMatchObject({ ok: false, reason: 'choose' });
    expect(first.choices?.map((c) => c.credential)).toEqual(['user:5', 'asset:9:user:5']);
    expect(await run(access.card('C-5', 'user:5', 'en'))).toMatchObject({
      ok: true,
      kind: 'office',
      doors: [3],
    });
    await vi.advanceTimersByTimeAsync(300);
    // Office access is not used up.
    expect(await run(access.card('C-5', 'user:5', 'en'))).toMatchObject({ ok: true, doors: [3] });
    expect(await run(access.card('C-5', 'asset:9:user:5', 'en'))).toMatchObject({
      ok: true,
      kind: 'asset',
      doors: [1],
    });
  });

  it('puts an expected parcel in a free door of its size, once', async () => {
    const carrier = credential({
      id: 'carrier:3',
      kind: 'deposit',
      match: [{ via: 'code', hash: h('code', '12345678') }],
      oneTime: false,
    });
    agent.applyCredentials(
      set(1, [carrier], {
        parcels: [
          { id: 'order:8', parcel: h('parcel', 'PKG-8'), size: 'M', door: null, depositors: ['carrier:3'] },
        ],
        freeDoors: [
          { door: 1, size: 'S' },
          { door: 3, size: 'M' },
        ],
      }),
    );
    expect(await run(access.deposit('12345678', 'PKG-8', 'en'))).toMatchObject({
      ok: true,
      kind: 'deposit',
      doors: [3],
    });
    expect(agent.journal.entries().find((e) => e.type === 'deposit')).toMatchObject({
      parcelId: 'order:8',
      door: 3,
      outcome: 'opened',
    });
    expect((await run(access.deposit('12345678', 'PKG-8', 'en'))).reason).toBe('unknownParcel');
    expect((await run(access.deposit('00000000', 'PKG-8', 'en'))).reason).toBe('unknownCode');
  });

  it('serves the local API over HTTP, in the asked language, to browser pages of its kiosk only', async () => {
    vi.useRealTimers();
    agent.applyCredentials(set(1, [pickup]));
    const kiosk = 'https://cacifo.example';
    const api = await startLocalApi(agent, 0, '127.0.0.1', [kiosk]);
    try {
      const base = `http://127.0.0.1:${api.port}`;
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      const bad = await post('/keypad', { code: 'x' }, { 'accept-language': 'es-ES,en;q=0.8' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        reason: 'badRequest',
        lang: 'es',
        message: 'Solicitud no válida.',
      });
      const wrong = await post('/keypad', { code: '000000', lang: 'en' });
      expect(wrong.status).toBe(403);
      // No Origin (a person's tool on the wall's network): answered, with no CORS grant.
      expect(wrong.headers.get('access-control-allow-origin')).toBeNull();
      // The kiosk's page: its preflight and its call are granted, also toward a private address.
      const preflight = await fetch(`${base}/keypad`, {
        method: 'OPTIONS',
        headers: {
          origin: kiosk,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
          'access-control-request-private-network': 'true',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(kiosk);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
      expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
      const fromKiosk = await post('/keypad', { code: '000000', lang: 'en' }, { origin: kiosk });
      expect(fromKiosk.headers.get('access-control-allow-origin')).toBe(kiosk);
      expect(((await fromKiosk.json()) as { reason: string }).reason).toBe('unknownCode');
      // Any other page is refused before the code is looked at: its guess is never counted or tried.
      for (const origin of ['https://evil.example', 'null', 'https://cacifo.example.evil.example']) {
        const other = await post('/keypad', { code: '123456' }, { origin });
        expect(other.status).toBe(403);
        expect(other.headers.get('access-control-allow-origin')).toBeNull();
        const otherPreflight = await fetch(`${base}/keypad`, { method: 'OPTIONS', headers: { origin } });
        expect(otherPreflight.status).toBe(403);
      }
      const ok = await post('/keypad', { code: '123456' });
      expect(await ok.json()).toMatchObject({ ok: true, doors: [2], lang: 'pt', message: 'Porta 2 aberta.' });
      const status = await (await fetch(`${base}/status`)).json();
      expect(status).toMatchObject({ placeId: 4, serverReachable: false, credentialsVersion: 1 });
    } finally {
      await api.close();
    }
  });
});
