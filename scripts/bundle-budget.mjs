#!/usr/bin/env node
// The web's size budget (issue #34): /login at most 160 KB gzip of JavaScript, the home page at most
// 30 JavaScript and CSS requests once signed in. Reads the build's manifest (apps/web/dist/.vite), so
// it runs after `vite build`; exit 1 over either limit, or when a chunk it expects is missing (a
// renamed page must not make the budget pass by measuring nothing).
//
// What a route loads is what the browser fetches before the route is drawn: the entry and its
// static imports, then each module the app imports lazily on the way (the signed-in app, the layout,
// the page table, the page), each with its static imports and CSS, and the texts of one language.
// Chunks a screen loads later (dialogs, a camera) are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestFile = join(dist, '.vite', 'manifest.json');

// The texts of one language (@cacifo/texts, packages/texts/locales/<area>/<lng>.json), by chunk name:
// chunk-groups.ts puts the shared and sign-in areas in `texts-core-<lng>`, every other in `texts-<lng>`.
// The manifest names these chunks, not the JSON files (matching file names measured no text at all).
const LOCALES = (scope) => (chunk) =>
  chunk.name === 'texts-core-pt' || (scope === 'all' && chunk.name === 'texts-pt');

export const BUDGETS = [
  {
    route: '/login',
    modules: ['src/features/auth/pages/login-page.tsx'],
    locales: LOCALES('core'),
    maxKb: 160,
  },
  {
    route: '/ (home, signed in)',
    modules: [
      'src/app/signed-in-app.tsx',
      'src/app/layout/app-layout.tsx',
      'src/app/route-pages.ts',
      'src/features/home/pages/home-page.tsx',
    ],
    locales: LOCALES('all'),
    maxRequests: 30,
  },
];

/** Files a route loads and their gzip JavaScript total, from the manifest. */
export function measure(manifest, budget, read = (f) => readFileSync(join(dist, f))) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const texts = Object.keys(manifest).filter((k) => budget.locales(manifest[k]));
  const missing = [
    ...budget.modules.filter((k) => !manifest[k]),
    ...(texts.length === 0 ? ['the texts chunk (texts-core-pt)'] : []),
  ];
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  visit(entry);
  budget.modules.forEach(visit);
  texts.forEach(visit);
  const files = new Set();
  for (const k of keys) {
    files.add(manifest[k].file);
    for (const css of manifest[k].css ?? []) files.add(css);
  }
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + gzipSync(read(f), { level: 9 }).length, 0);
  return {
    missing,
    kb: +(bytes / 1024).toFixed(1),
    requests: files.size,
    js: js.length,
    css: files.size - js.length,
  };
}

function main() {
  if (!existsSync(manifestFile)) {
    console.error(`bundle budget: no ${manifestFile}; run \`npm run build -w apps/web\` first`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  let failed = false;
  for (const budget of BUDGETS) {
    const m = measure(manifest, budget);
    const over =
      m.missing.length > 0 ||
      (budget.maxKb !== undefined && m.kb > budget.maxKb) ||
      (budget.maxRequests !== undefined && m.requests > budget.maxRequests);
    failed ||= over;
    const limit = [
      budget.maxKb !== undefined ? `max ${budget.maxKb} KB` : '',
      budget.maxRequests !== undefined ? `max ${budget.maxRequests} requests` : '',
    ].join('');
    console.log(
      `${over ? 'OVER' : 'ok  '} ${budget.route}: ${m.kb} KB gzip JS, ${m.requests} requests ` +
        `(${m.js} JS, ${m.css} CSS); ${limit}` +
        (m.missing.length ? `; not in the build: ${m.missing.join(', ')}` : ''),
    );
  }
  if (failed) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
