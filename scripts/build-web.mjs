#!/usr/bin/env node
// `npm run build -w apps/web`: vite build, unless apps/web/dist was built from exactly the sources
// there now. `npm run check` builds the web for its size budget and `npm test` builds it again for
// the browser suite; CI runs both on the same clone, and the second build changed nothing.
// The fingerprint covers every input of the build: the web's folder, the workspace packages it
// bundles, the shared TypeScript settings and the lockfile (which pins every npm package it bundles).
// CACIFO_REBUILD=1 builds regardless.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const stamp = join(web, 'dist/.sources-hash');

// The inputs are found, not listed: the web's folder, every workspace package it depends on (and
// theirs), each without its dist and node_modules, and the root files every build reads.
const skip = new Set(['dist', 'node_modules']);
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const workspaces = new Map(
  readJson('package.json').workspaces.map((dir) => [readJson(`${dir}/package.json`).name, dir]),
);
function workspaceClosure(dir, seen) {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const pkg = readJson(`${dir}/package.json`);
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const dep = workspaces.get(name);
    if (dep) workspaceClosure(dep, seen);
  }
  return seen;
}
const inputs = [...workspaceClosure('apps/web', new Set()), 'package-lock.json', 'tsconfig.base.json'];

function files(path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return out;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) if (!skip.has(name)) files(`${path}/${name}`, out);
  } else out.push(path);
  return out;
}

const hash = createHash('sha256');
for (const file of inputs.flatMap((p) => files(p, []))) {
  hash
    .update(file)
    .update('\0')
    .update(readFileSync(join(root, file)))
    .update('\0');
}
const fingerprint = hash.digest('hex');

if (!process.env.CACIFO_REBUILD && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint) {
  console.log(`${relative(root, join(web, 'dist'))} is built from these sources already: not rebuilt`);
  process.exit(0);
}

const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: web,
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
writeFileSync(stamp, `${fingerprint}\n`);
