import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Chunks by when the browser needs them (issue #34, docs/adr/0225): what every visitor loads
 * before signing in stays small and apart, and what every signed-in screen loads at once is one
 * file instead of a hundred. Without this the bundler cuts one chunk per set of importers: after
 * sign-in the home page asked for ~130 files of 0.1-20 KB.
 *
 * - before sign-in: the entry (main.tsx) and the login page, with their static imports;
 * - signed in: the app, its layout, the page table and the home page (everyone's first screen),
 *   with their static imports, except what the sign-in side already holds: one `signed-in` chunk;
 * - shared by both sides but not in the entry (the API client): one `shared` chunk;
 * - texts (@cacifo/texts, locales/<area>/<lng>.json): the shared and sign-in (`auth`) texts of a
 *   language in one chunk, every other area's in another.
 *
 * Other screens keep the bundler's own split (a table or a date picker loads with its screen).
 */
const SIGN_IN_ROOTS = ['src/main.tsx', 'src/features/auth/pages/login-page.tsx'];
const ENTRY_ROOT = 'src/main.tsx';
/** Lazily imported on the way to the home page: chunks of their own, their imports in `signed-in`. */
const SIGNED_IN_ROOTS = [
  'src/app/signed-in-app.tsx',
  'src/app/layout/app-layout.tsx',
  'src/app/route-pages.ts',
  'src/features/home/pages/home-page.tsx',
];
/** Lazy in the layout but drawn on every screen at once: in the chunk, not three requests more. */
const SIGNED_IN_AT_ONCE = ['src/app/layout/back-to-top.tsx'];
/**
 * Package indexes that re-export every component: `import { Button } from 'antd'` names one, and
 * the bundler keeps that one, but the index's own edges reach them all. The walk steps from the
 * importer to the named components instead (see `named`).
 */
const BARRELS: Array<{ index: RegExp; from: string; file: (name: string) => string }> = [
  {
    index: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
    from: 'antd',
    file: (name) => `/antd/es/${name.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase()}/index.js`,
  },
  {
    index: /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
    from: '@ant-design/icons',
    file: (name) => `/@ant-design/icons/es/icons/${name}.js`,
  },
];

/** The value names a source file imports from a package index (`import { A, b as c } from 'x'`). */
function named(source: string, from: string): string[] {
  const names: string[] = [];
  const re = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s*from\\s*'${from}'`, 'g');
  for (const m of source.matchAll(re)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export function chunkGroups() {
  const entry = new Set<string>();
  const signIn = new Set<string>();
  const signedIn = new Set<string>();

  function reach(graph: ModuleGraph, roots: string[], into: Set<string>) {
    const ids = [...graph.getModuleIds()];
    const stack = roots.map((root) => {
      const id = ids.find((i) => i.replaceAll('\\', '/').endsWith(`/apps/web/${root}`));
      // A renamed root must break the build, not quietly undo the split.
      if (!id) throw new Error(`chunk-groups: ${root} is not in the module graph`);
      return id;
    });
    const byPath = (suffix: string) => ids.find((i) => i.replaceAll('\\', '/').endsWith(suffix));
    while (stack.length) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      if (BARRELS.some((b) => b.index.test(id))) continue;
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) {
        const barrel = BARRELS.find((b) => b.index.test(next));
        if (!barrel) stack.push(next);
        else if (!id.includes('node_modules')) {
          for (const name of named(readFileSync(id, 'utf8'), barrel.from)) {
            const file = byPath(barrel.file(name));
            if (file) stack.push(file);
          }
        }
      }
    }
  }

  const plugin: Plugin = {
    name: 'cacifo-chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      for (const set of [entry, signIn, signedIn]) set.clear();
      reach(this, [ENTRY_ROOT], entry);
      reach(this, SIGN_IN_ROOTS, signIn);
      reach(this, [...SIGNED_IN_ROOTS, ...SIGNED_IN_AT_ONCE], signedIn);
    },
  };

  // The lazily imported roots keep chunks of their own: their importers name them by file.
  const isRoot = (id: string) =>
    SIGNED_IN_ROOTS.some((root) => id.replaceAll('\\', '/').endsWith(`/apps/web/${root}`));
  const groups = [
    {
      name: 'shared',
      test: (id: string) => signIn.has(id) && signedIn.has(id) && !entry.has(id),
      priority: 9,
    },
    {
      name: 'signed-in',
      test: (id: string) => signedIn.has(id) && !signIn.has(id) && !isRoot(id),
      priority: 8,
    },
    {
      name: (id: string) => {
        const m = /[\\/]texts[\\/]locales[\\/](?:shared|auth)[\\/](\w+)\.json$/.exec(id);
        return m ? `texts-core-${m[1]}` : null;
      },
      priority: 8,
    },
    {
      name: (id: string) => {
        const m = /[\\/]texts[\\/]locales[\\/][\w-]+[\\/](\w+)\.json$/.exec(id);
        return m ? `texts-${m[1]}` : null;
      },
      priority: 7,
    },
  ];
  return { plugin, groups };
}
