import type { RouteEntry } from '../../src/plugins/auth.js';

/** Routes the generic suites skip: the SPA fallback, public pages and the WebSocket upgrade are not API calls. */
export function apiRoutes(table: readonly RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return table.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key) || r.url === '/*' || r.url === '/' || r.url.startsWith('/ws/')) return false;
    // Public HTML pages outside the API (the pickup QR page) answer a page, not an envelope.
    if (!r.url.startsWith('/api/') && !r.url.startsWith('/oauth/')) return false;
    seen.add(key);
    return true;
  });
}

/** A concrete URL for a route: every path parameter becomes an id that does not exist. */
export function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, '999999').replace('*', 'x');
}

/** Logging out revokes the token the suite is using, so it goes last. */
export function destructiveLast(routes: RouteEntry[]): RouteEntry[] {
  const last = (r: RouteEntry) => (r.url === '/api/auth/logout' ? 1 : 0);
  return [...routes].sort((a, b) => last(a) - last(b));
}
