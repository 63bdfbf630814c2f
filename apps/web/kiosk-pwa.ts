import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The kiosk as an installed, cached app (issue #32, docs/adr/0160): a service worker scoped to
 * /kiosk that precaches the kiosk page's document and only the files it loads, so the screen at a
 * wall still opens when the server is down. The back-office is outside its scope: its pages never
 * come from this cache. A deploy changes the list's revisions, so the browser installs the new
 * worker, which drops the old files (cleanupOutdatedCaches).
 */

/** The kiosk's own modules: their chunks, with what they load lazily (the QR reader). */
const KIOSK_MODULES = /[\\/]features[\\/]kiosk[\\/]/;
/** What the app loads on the way to any page: the route table, the loading screen, the texts. */
const SHELL_MODULES = /[\\/]app[\\/](route-pages|full-page-loading)\.tsx?$|[\\/]locales?[\\/].*\.json$/;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds?: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/** The files the kiosk route needs, filled in when the bundle is written (read by the worker's list). */
const kioskFiles = new Set<string>();

/**
 * Walks the bundle: the entry and its static imports, the kiosk's chunks (the route table, the page,
 * its texts and lazy parts such as the QR reader), each with its CSS and assets.
 */
function collectKioskFiles(): Plugin {
  return {
    name: 'cacifo-kiosk-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      kioskFiles.clear();
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const add = (name: string, withDynamic: boolean) => {
        const chunk = chunks[name];
        if (!chunk || kioskFiles.has(name)) return;
        kioskFiles.add(name);
        chunk.viteMetadata?.importedCss.forEach((f) => kioskFiles.add(f));
        chunk.viteMetadata?.importedAssets.forEach((f) => kioskFiles.add(f));
        chunk.imports?.forEach((f) => add(f, false));
        if (withDynamic) chunk.dynamicImports?.forEach((f) => add(f, false));
      };
      for (const chunk of Object.values(chunks)) {
        if (chunk.type !== 'chunk') continue;
        const kiosk = chunk.moduleIds?.some((id) => KIOSK_MODULES.test(id)) ?? false;
        const shell = chunk.moduleIds?.some((id) => SHELL_MODULES.test(id)) ?? false;
        if (chunk.isEntry || kiosk || shell) add(chunk.fileName, kiosk);
      }
    },
  };
}

/** Public files the kiosk document itself names. */
const PUBLIC_FILES = new Set(['boot.js', 'favicon.svg', 'kiosk.webmanifest']);

export function kioskPwa(): Plugin[] {
  return [
    collectKioskFiles(),
    ...VitePWA({
      strategies: 'generateSW',
      // The kiosk page registers the worker itself (features/kiosk/kiosk-install.ts): nothing is
      // added to index.html, so /login and the back-office load no registration code.
      injectRegister: false,
      // The manifest is a public file linked by the kiosk page only (the back-office is not an app).
      manifest: false,
      filename: 'kiosk-sw.js',
      scope: '/kiosk',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2,png,webmanifest}'],
        globIgnores: ['kiosk-sw.js'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        inlineWorkboxRuntime: true,
        manifestTransforms: [
          (entries) => {
            const page = entries.find((e) => e.url === 'index.html');
            const kept = entries.filter((e) => kioskFiles.has(e.url) || PUBLIC_FILES.has(e.url));
            // The document is cached as the server sends /kiosk (its own CSP, docs/adr/0160).
            if (page) kept.push({ url: 'kiosk', revision: page.revision, size: page.size });
            return { manifest: kept, warnings: page ? [] : ['index.html missing from the build'] };
          },
        ],
        navigateFallback: '/kiosk',
        // Workbox matches path and query: /kiosk?wall=… is the kiosk too.
        navigateFallbackAllowlist: [/^\/kiosk(\/|\?|$)/],
        // The API is never answered from the cache: a kiosk call either reaches the server or fails,
        // and then the kiosk asks its wall (features/kiosk/offline).
        navigateFallbackDenylist: [/^\/(api|oauth|ws)\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ];
}
