import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../src/scripts/build-options.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
let compiled: Promise<{ entry: string; dir: string }> | null = null;

/**
 * The server compiled as `npm run build` compiles it, once per test file, into a folder of its own
 * (under the server's node_modules/.cache, so npm packages resolve as from dist/). A test that kills
 * and restarts a server spawns plain Node on it: a start takes about a second, not the many seconds
 * tsx spends compiling the sources at every start.
 */
export function compiledServer(): Promise<{ entry: string; dir: string }> {
  compiled ??= (async () => {
    const dir = join(serverDir, 'node_modules', '.cache', `cacifo-test-server-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    await build({ ...serverBuildOptions(serverDir, dir), sourcemap: false, metafile: true });
    return { entry: join(dir, 'server.js'), dir };
  })();
  return compiled;
}

export async function removeCompiledServer(): Promise<void> {
  if (!compiled) return;
  const { dir } = await compiled;
  rmSync(dir, { recursive: true, force: true });
  compiled = null;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Starts the compiled server with `env` (PORT required) and waits until it answers its health check. */
export async function startCompiledServer(env: Record<string, string>): Promise<ChildProcess> {
  const { entry } = await compiledServer();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 600 && !gone; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(gone ? 'server exited at start' : 'server did not start');
}

/** SIGKILL, and wait until the process is gone (its port and database handle released). */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
