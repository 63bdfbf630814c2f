import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../src/scripts/build-options.js';

/**
 * A whole server in its own process, for the tests that kill it (SIGKILL) in the middle of work
 * and start it again on the same data: the in-process test app cannot be killed that way.
 */

/** A port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let compiled: Promise<{ entry: string; dir: string }> | null = null;

/**
 * The server compiled as `npm run build` compiles it, once per test file, into a folder of its own
 * (under the server's node_modules/.cache, so npm packages resolve as from dist/). Plain Node starts
 * it in about a second, where tsx spends many seconds compiling the sources at every start.
 */
function compiledServer(): Promise<{ entry: string; dir: string }> {
  compiled ??= (async () => {
    const dir = join(serverDir, 'node_modules', '.cache', `cacifo-test-server-${process.pid}-${Date.now()}`);
    await build({ ...serverBuildOptions(serverDir, dir), sourcemap: false });
    return { entry: join(dir, 'server.js'), dir };
  })();
  return compiled;
}

/** The servers one test file started; `killAll` in its afterAll so none outlives the file. */
export class ServerProcesses {
  private readonly started = new Set<ChildProcess>();

  /** Starts the server with `env` (PORT required) and resolves once /api/health answers. */
  async start(env: Record<string, string>): Promise<ChildProcess> {
    const { entry } = await compiledServer();
    const child = spawn(process.execPath, [entry], {
      env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env },
      stdio: 'ignore',
    });
    this.started.add(child);
    const health = `http://127.0.0.1:${env.PORT}/api/health`;
    // Up to a minute: two cores shared with the other test workers make a cold start slow.
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) break;
      try {
        if ((await fetch(health)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`server did not start (exit code ${child.exitCode})`);
  }

  /** Kills every server this file started, and removes the compiled copy. */
  async killAll(): Promise<void> {
    for (const c of this.started) c.kill('SIGKILL');
    this.started.clear();
    if (compiled) rmSync((await compiled).dir, { recursive: true, force: true });
    compiled = null;
  }
}

/** Polls `probe` until it gives a truthy value, or fails after `ms`. */
export async function until<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs the first admin in to a server process (ADMIN_PASSWORD `password`) and gives the access token. */
export async function adminToken(base: string, password = 'admin-pass'): Promise<string> {
  const res = await fetch(`${base}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username: 'admin',
      password,
      client_id: 'cacifo-web',
      client_secret: 'cacifo-web-secret',
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
