import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { API, type LocalReply, type LocalStatus } from '@cacifo/contract';
import { ACCOUNTS } from './accounts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const BROKER = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * A server and its wall of the spec's own, as separate processes on the real broker (issue #32):
 * the built server (apps/server/dist) on its own port and data, and `npm run simulator` serving
 * the wall's local API. The spec may stop this server; the shared e2e server is never touched.
 */
export class OwnWall {
  readonly prefix = `e2e-wall-${process.pid}-${Date.now()}`;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'cacifo-e2e-wall-'));
  private server: ChildProcess | null = null;
  private simulator: ChildProcess | null = null;
  base = '';
  local = '';

  /** `broker`: another broker than the shared one (a spec's own, to stop and start again). */
  constructor(readonly broker: string = BROKER) {}

  /** Starts the server (first time: a fresh database; again: the same port and data) until it answers. */
  async startServer(): Promise<void> {
    const port = this.base ? Number(new URL(this.base).port) : await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.server = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: this.dataDir,
        SEED_DEMO: '0',
        ADMIN_PASSWORD: ACCOUNTS.admin.password,
        LOG_LEVEL: 'warn',
        MQTT_URL: this.broker,
        MQTT_TOPIC_PREFIX: this.prefix,
        // Heartbeats each second: the wall hears the server (and its absence) within seconds.
        DEVICE_OFFLINE_AFTER_S: '3',
      },
    });
    await expect.poll(() => answers(`${this.base}${API.shell.health.path}`), { timeout: 60_000 }).toBe(true);
  }

  /** `npm run simulator` for the place, with its key, its local API, and the server's origin allowed. */
  async startWall(placeId: number, doors: number, key: string): Promise<void> {
    const port = await freePort();
    this.local = `http://127.0.0.1:${port}`;
    const args = ['--import', 'tsx', 'apps/simulator/src/cli.ts', '--prefix', this.prefix];
    args.push('--mqtt', this.broker);
    args.push('--place', String(placeId), '--doors', String(doors), '--key', key);
    args.push('--local-port', String(port), '--allow-origin', this.base);
    args.push('--latency', '50', '--auto-close', '800', '--server-timeout', '3000');
    this.simulator = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' });
    await expect
      .poll(async () => (await this.status().catch(() => null))?.serverReachable, { timeout: 60_000 })
      .toBe(true);
  }

  /** A power cut of the server; resolves once nothing answers on its port. */
  async killServer(): Promise<void> {
    this.server?.kill('SIGKILL');
    await expect.poll(() => answers(`${this.base}${API.shell.health.path}`), { timeout: 15_000 }).toBe(false);
  }

  async status(): Promise<LocalStatus> {
    return (await (await fetch(`${this.local}/status`)).json()) as LocalStatus;
  }

  /** Types at the wall's local API as a person on its network would (no browser, no Origin). */
  async keypad(code: string): Promise<LocalReply> {
    const r = await fetch(`${this.local}/keypad`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, lang: 'en' }),
    });
    return (await r.json()) as LocalReply;
  }

  close(): void {
    this.simulator?.kill('SIGTERM');
    this.server?.kill('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
