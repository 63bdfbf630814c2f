import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from './build-options.js';

/**
 * Compiles the server into `dist/server.js` (ES modules; what loads lazily gets chunks of its own)
 * for `npm start`. Running compiled JavaScript instead of tsx drops the loader hook, its transform
 * cache and in-memory source maps (with the lazy imports, idle RSS went from about 190 MB to
 * 120 MB; docs/performance.md cause 7). Our workspaces (@cacifo/contract, @cacifo/simulator) ship
 * TypeScript source, so they are bundled in; npm packages stay external and load from node_modules
 * as usual (better-sqlite3 is native).
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const outdir = `${serverDir}dist`;

rmSync(outdir, { recursive: true, force: true });
const result = await build(serverBuildOptions(serverDir, outdir));
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`server built into dist/ (${(bytes / 1024).toFixed(0)} KB of JavaScript)`);
