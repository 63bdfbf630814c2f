import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API,
  DOOR_STATUS,
  type CallInput,
  type Endpoint,
  type DeviceCredentialSet,
  type LocalHandsReply,
  type LocalReply,
  type LocalStatus,
} from '@cacifo/contract';
import { connectDatabase, type DbHandle } from '../../src/db/connect.js';
import { adminToken, freePort, ServerProcesses, until } from './server-process.js';
import { BROKER, ensureBroker, uniquePrefix } from './raw-controller.js';
import { fetchApi } from './test-app.js';
import { createTestDb, type TestDb } from './test-db.js';
import type { Dialect } from '../../src/db/helpers.js';

const cli = fileURLToPath(new URL('../../../simulator/src/cli.ts', import.meta.url));

/**
 * A wall and its server as separate processes on the real broker (issue #32): the built server
 * (killed and started again on the same data), and `npm run simulator` with its local API, the
 * way an installer runs a controller. One per test file; `close` in afterAll.
 */
export class WallWorld {
  readonly servers = new ServerProcesses();
  readonly prefix = uniquePrefix('wall');
  readonly dataDir = mkdtempSync(join(tmpdir(), 'cacifo-wall-'));
  private pg: TestDb | null = null;
  private simulators: ChildProcess[] = [];
  env: Record<string, string> = {};
  server: ChildProcess | null = null;
  base = '';
  token = '';

  /** `broker`: another broker than the shared one (a test's own, to restart). */
  constructor(
    readonly dialect: Dialect,
    readonly broker: string = BROKER,
  ) {}

  /** Starts the server (first time: with a fresh database); later calls restart it on the same data. */
  async startServer(extra: Record<string, string> = {}): Promise<void> {
    if (!this.base) {
      if (this.broker === BROKER) await ensureBroker();
      const port = String(await freePort());
      this.env = {
        PORT: port,
        DATA_DIR: this.dataDir,
        ADMIN_PASSWORD: 'admin-pass',
        MQTT_URL: this.broker,
        MQTT_TOPIC_PREFIX: this.prefix,
        // Heartbeats each second: the wall hears the server within its 3 s timeout.
        DEVICE_OFFLINE_AFTER_S: '3',
        ...extra,
      };
      if (this.dialect === 'postgres') {
        this.pg = await createTestDb('postgres');
        await this.pg.handle.close();
        this.env.DATABASE_URL = this.pg.databaseUrl!;
      }
      this.base = `http://127.0.0.1:${port}`;
    }
    this.server = await this.servers.start(this.env);
    this.token ||= await adminToken(this.base);
  }

  /** A power cut of the server: no goodbye, its MQTT session and leases left behind. */
  async killServer(): Promise<void> {
    this.server?.kill('SIGKILL');
    await until(async () => {
      try {
        await fetch(`${this.base}/api/health`);
        return false;
      } catch {
        return true;
      }
    });
    // Leases of the killed instance (its periodic jobs, a message in flight) would hold for a
    // minute; the next start takes them over at once, as a restart after that minute would.
    const db = this.db();
    try {
      await db.db
        .updateTable('job_locks')
        .set({ locked_until: new Date(0).toISOString() })
        .execute();
      await db.db.updateTable('messages').set({ locked_until: null }).execute();
    } finally {
      await db.close();
    }
  }

  /** The database, for what no API shows (door events, code columns). Close it after use. */
  db(): DbHandle {
    return connectDatabase(
      this.env.DATABASE_URL
        ? { databaseUrl: this.env.DATABASE_URL, dataDir: this.dataDir }
        : { dataDir: this.dataDir },
    );
  }

  /** A query on the database, the handle closed after. */
  async query<T>(fn: (db: DbHandle['db']) => Promise<T>): Promise<T> {
    const handle = this.db();
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  /** A place of `doors` doors of size S made through the API. */
  async place(type: 'DELIVERY' | 'OFFICE', doors: number): Promise<number> {
    const created = await this.api(API.locations.create, {
      body: {
        name: `${type} ${this.prefix} ${Math.random().toString(36).slice(2, 7)}`,
        type,
        lockers: Array.from({ length: doors }, (_, i) => ({ doorNumber: i + 1, size: 'S' })),
      },
    });
    return created.data.Place.id;
  }

  /**
   * Waits until the server has heard the wall's doors closed: a door whose controller was never heard
   * reads 255 (offline) and is not free, so a parcel is assigned there only after this.
   */
  async doorsHeard(placeId: number): Promise<void> {
    await until(async () => {
      const doors = await this.query((db) =>
        db.selectFrom('lockers').select('door_status').where('place_id', '=', placeId).execute(),
      );
      return doors.length > 0 && doors.every((d) => d.door_status === DOOR_STATUS.CLOSED);
    }, 30_000);
  }

  /**
   * Waits until the wall holds the credential set the server stored last for the place and that set
   * passes `has`: the wall's copy is then that set. A change is published after a debounce and a
   * second look, so a count of credentials alone may be met by a set made before it.
   */
  async wallHolds(wall: LocalWall, placeId: number, has: (set: DeviceCredentialSet) => boolean) {
    await until(async () => {
      const version = (await wall.status()).credentialsVersion;
      const stored = await this.query((db) =>
        db
          .selectFrom('device_credential_sets')
          .select(['version', 'body'])
          .where('place_id', '=', placeId)
          .executeTakeFirst(),
      );
      return stored?.version === version && has(JSON.parse(stored.body) as DeviceCredentialSet);
    }, 30_000);
  }

  /** The door's history since `since` (epoch ms), oldest first. */
  doorEvents(placeId: number, door: number, since: number) {
    return this.query((db) =>
      db
        .selectFrom('door_events')
        .select(['door_status', 'created_at', 'command_id', 'user_id'])
        .where('place_id', '=', placeId)
        .where('door_number', '=', door)
        .where('created_at', '>=', new Date(since).toISOString())
        .orderBy('created_at')
        .execute(),
    );
  }

  /** A contract endpoint on the running server, as its admin (over HTTP: the server is its own process). */
  api<E extends Endpoint>(endpoint: E, input: CallInput<E>) {
    return fetchApi(this.base, this.token, endpoint, input);
  }

  /**
   * `npm run simulator` for the place, provisioned with its key, serving its local API; `hands`
   * adds the simulator's hands (tags, shutting doors), and then doors stay open until shut.
   */
  async startWall(placeId: number, doors: number, opts: { hands?: boolean } = {}): Promise<LocalWall> {
    const key = await this.api(API.wall.controllerKey, { params: { id: placeId } });
    const port = await freePort();
    const args = [
      '--import',
      'tsx',
      cli,
      '--mqtt',
      this.broker,
      '--place',
      String(placeId),
      '--doors',
      String(doors),
    ];
    args.push('--prefix', this.prefix, '--key', key.data.key, '--local-port', String(port));
    args.push('--latency', '50', '--server-timeout', '3000');
    args.push(...(opts.hands ? ['--hands', '--auto-close', 'never'] : ['--auto-close', '800']));
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    this.simulators.push(child);
    const wall = new LocalWall(`http://127.0.0.1:${port}`);
    await until(async () => (await wall.status().catch(() => null))?.serverReachable, 60_000);
    return wall;
  }

  async close(): Promise<void> {
    for (const s of this.simulators) s.kill('SIGTERM');
    await this.servers.killAll();
    rmSync(this.dataDir, { recursive: true, force: true });
    await this.pg?.drop();
  }
}

/** The local API of a wall (docs/devices.md): what a person types at it. */
export class LocalWall {
  constructor(readonly url: string) {}

  async status(): Promise<LocalStatus> {
    return (await (await fetch(`${this.url}/status`)).json()) as LocalStatus;
  }

  /** The simulator's hands (started with `hands`): a tagged thing in or out of a door, a door shut. */
  async hands(path: '/hands/tag' | '/hands/close', body: Record<string, unknown>): Promise<LocalHandsReply> {
    const r = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as LocalHandsReply;
  }

  async post(
    path: '/keypad' | '/card' | '/qr' | '/deposit',
    body: Record<string, unknown>,
  ): Promise<LocalReply> {
    const r = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as LocalReply;
  }
}
