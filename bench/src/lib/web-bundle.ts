import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface BundleFigure {
  loginKb: number;
  largestRoute: { page: string; kb: number } | null;
  routes: Array<{ page: string; kb: number }>;
}

/**
 * JavaScript a route loads before it renders, gzip, from the Vite build manifest: the entry and
 * its static imports, the signed-in app and its layout for signed-in routes, and the route's page chunk with its
 * static imports. Chunks a page lazy-loads later (dialogs, camera) are not counted.
 */
export function bundleSizes(dist: string): BundleFigure | { error: string } {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file))
    return { error: 'no dist/.vite/manifest.json: build the web with build.manifest on' };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const size = (f: string) => {
    if (!gz.has(f)) gz.set(f, gzipSync(readFileSync(join(dist, f))).length);
    return gz.get(f)!;
  };
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
    return into;
  };
  const kb = (keys: Set<string>) =>
    +(
      [...keys]
        .filter((k) => manifest[k]!.file.endsWith('.js'))
        .reduce((s, k) => s + size(manifest[k]!.file), 0) / 1024
    ).toFixed(1);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) return { error: 'no entry in the manifest' };
  const layoutKey = Object.keys(manifest).find((k) => k.endsWith('app/layout/app-layout.tsx'));
  // Every signed-in route first loads the signed-in app (providers, antd's core, the shared chunk).
  const appKey = Object.keys(manifest).find((k) => k.endsWith('app/signed-in-app.tsx'));
  const pages = Object.keys(manifest).filter(
    (k) => manifest[k]!.isDynamicEntry && /\/pages\/[^/]+\.tsx$/.test(k),
  );
  const routes = pages.map((page) => {
    const keys = closure(entryKey);
    const login = page.endsWith('auth/pages/login-page.tsx');
    if (!login && appKey) closure(appKey, keys);
    if (!login && layoutKey) closure(layoutKey, keys);
    closure(page, keys);
    return { page: page.replace(/^.*src\//, ''), kb: kb(keys) };
  });
  routes.sort((a, b) => b.kb - a.kb);
  const login = routes.find((r) => r.page.endsWith('auth/pages/login-page.tsx'));
  const others = routes.filter((r) => r !== login);
  return { loginKb: login?.kb ?? NaN, largestRoute: others[0] ?? null, routes };
}
