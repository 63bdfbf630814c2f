import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

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

const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    // Any bare specifier that is not one of ours (node: builtins included) is left to Node.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cacifo/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/server.ts'],
  outdir,
  bundle: true,
  // Lazily imported modules (spreadsheet readers, the MQTT driver) become chunks of their own, so
  // they are neither parsed nor loaded until first used.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // On disk, not inline, so they cost nothing unless asked for (`node --enable-source-maps`).
  sourcemap: 'linked',
  // Kept readable: stack traces and logs name real functions even without source maps.
  minify: false,
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`server built into dist/ (${(bytes / 1024).toFixed(0)} KB of JavaScript)`);
