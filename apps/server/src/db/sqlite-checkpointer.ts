import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a thread of their own (issue #34). SQLite checkpoints in whichever connection
 * commits past `wal_autocheckpoint` pages: ours is the server's one event loop, where a checkpoint
 * (pages copied back into the database file, then fsync) held every request and socket for 2-8 ms
 * about once in a hundred door events. A second connection in a worker does it instead, PASSIVE:
 * it never waits for the writer or the readers, and the writer goes on appending meanwhile.
 */
export interface Checkpointer {
  close(): Promise<void>;
}

/**
 * Pages the writer's own commit still checkpoints at: a fallback far above what the worker lets
 * the WAL reach (it checkpoints every `everyMs`), so only a stuck or dead worker leaves it to the
 * commit, and the WAL stays bounded even then.
 */
export const WRITER_AUTOCHECKPOINT_PAGES = 20_000;

/** The worker's code, as a CommonJS script: the built server is one bundle with no worker entry. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.lib);
const db = new Database(workerData.file, { fileMustExist: true });
// Per connection: the checkpoint syncs the WAL before copying and the database after (as the
// writer's NORMAL would have), and no busy wait (PASSIVE takes no lock it would wait for).
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage(String(err && err.message));
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(
  file: string,
  opts: { everyMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  const lib = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, lib, everyMs: opts.everyMs ?? 250 } });
  // It must not keep a process alive that is otherwise done (a script, a test).
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // The worker's only message is a failed checkpoint's reason.
  worker.on('message', (message: string) => opts.onError?.(message));
  // A worker that cannot open the file leaves checkpoints to the writer's fallback; it must not
  // crash the server.
  worker.on('error', (err) => opts.onError?.(err.message));
  return {
    async close() {
      worker.postMessage('close');
      const kill = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(kill);
    },
  };
}
