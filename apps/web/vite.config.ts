import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './chunk-groups';
import { kioskPwa } from './kiosk-pwa';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const backend = 'http://127.0.0.1:8080';
const chunks = chunkGroups();

/**
 * `@cacifo/contract/<module>` reaches one contract module directly. The package index also loads
 * every zod schema, which would put zod on the login page; the shell mostly needs plain tables.
 */
const aliases = [
  { find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('./src/$1', import.meta.url)) },
  {
    find: /^@cacifo\/contract\/(.+)$/,
    replacement: fileURLToPath(new URL('../../packages/contract/src/$1.ts', import.meta.url)),
  },
];

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, so the server can send them
 * as they are (@fastify/static `preCompressed`): uncompressed, Home's JavaScript is ~1.3 MB.
 */
function precompress(): Plugin {
  const compress = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') compress(file);
        continue;
      }
      if (!/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  };
  return {
    name: 'cacifo-precompress',
    apply: 'build',
    writeBundle: (options) => compress(options.dir!),
  };
}

export default defineConfig({
  plugins: [react(), chunks.plugin, precompress(), ...kioskPwa()],
  resolve: { alias: aliases },
  server: {
    proxy: {
      '/api': backend,
      '/oauth': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the benchmark reads which chunks each route loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so the bundler kept whole modules
        // (rc-form, async-validator) that the login page never calls; they have no import-time effects.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Only what every route needs goes into named vendor chunks; the login page loads no antd
          // (chunk-groups.ts), and antd's tables, pickers and drawers stay with their screens.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 20,
            },
            // The rest of what index.html loads statically, as one file: every route loads all of it,
            // and forty small files gzip ~7 KB worse than one.
            { name: 'initial', tags: ['$initial'], priority: 10 },
            // After sign-in: one chunk for what every signed-in screen loads, texts per language.
            ...chunks.groups,
          ],
        },
      },
    },
  },
});
