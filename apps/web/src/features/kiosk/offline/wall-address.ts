import { readStorage } from '@/lib/store';

/**
 * Where this kiosk's wall controller serves its local API (docs/devices.md, "The kiosk when the
 * server is gone"). The installer opens the kiosk once as `/kiosk?wall=http://10.0.0.20:8088`; the
 * address stays in this browser (localStorage), as the screen's session does, for the day the
 * server cannot be reached. `?wall=` with nothing forgets it.
 */
const WALL_KEY = 'kiosk.wall';

/** The origin of an http(s) address, or null for anything else (a path or a script is not kept). */
export function wallOrigin(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Takes `?wall=` from the address the kiosk was opened with, if any, and keeps it. */
export function rememberWallFromUrl(search: string): void {
  const asked = new URLSearchParams(search).get('wall');
  if (asked === null) return;
  try {
    const origin = wallOrigin(asked);
    if (origin) localStorage.setItem(WALL_KEY, JSON.stringify(origin));
    else if (asked.trim() === '') localStorage.removeItem(WALL_KEY);
  } catch {
    // Storage disabled: the kiosk works online only.
  }
}

/** The wall's local API origin, or null when this kiosk was never told. */
export function wallAddress(): string | null {
  return readStorage(WALL_KEY, (v) => (typeof v === 'string' ? wallOrigin(v) : null));
}
