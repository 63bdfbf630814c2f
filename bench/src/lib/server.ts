import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_ROOT } from './args.js';

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** VmRSS and VmHWM (peak) of the server process, in MB, from /proc. */
  memory(): { rssMb: number; hwmMb: number };
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function procMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

let built = false;
/**
 * Compiles the server once per run (about a second), so a run measures the code in the tree even
 * when it was started without `npm run build`, as `npx tsx bench/src/run.ts` is.
 */
function buildServer(serverDir: string) {
  if (built) return;
  execFileSync('npm', ['run', 'build'], { cwd: serverDir, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

/**
 * Starts the real server as `npm start` runs it (the compiled `apps/server/dist/server.js`, built
 * web served) as one node process, so /proc/<pid> is the server itself, not an npm wrapper.
 */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl?: string | null;
  env?: Record<string, string>;
  /** Node flags before the entry, e.g. `--cpu-prof` (bench/src/profile.ts). */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  const serverDir = join(BENCH_ROOT, '..', 'apps', 'server');
  buildServer(serverDir);
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'dist/server.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      BENCH_BARE_ROUTE: '1',
      SIMULATOR_AUTO_CLOSE_MS: 'never',
      SIMULATOR_OPEN_LATENCY_MS: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    child,
    memory: () => procMemory(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The OAuth password grant the web client uses; the parsed answer, or an error naming the status. */
export async function passwordGrant(url: string, username: string, password: string) {
  const res = await fetch(`${url}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      username,
      password,
      client_id: 'cacifo-web',
      client_secret: 'cacifo-web-secret',
    }),
  });
  const body = (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body as { access_token: string; refresh_token: string; expires_in: number };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  return (await passwordGrant(url, username, password)).access_token;
}
