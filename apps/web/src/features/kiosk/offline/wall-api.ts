import type { LocalReply } from '@cacifo/contract/device-local-api';
import type { KioskLanguage } from '../kiosk-text';

/** The wall answers on its own network at once; past this it is as gone as the server. */
const WALL_TIMEOUT_MS = 10_000;

/** The wall could not be asked either (no address, no answer): the kiosk can do nothing now. */
export class WallUnreachable extends Error {
  constructor() {
    super('wall unreachable');
    this.name = 'WallUnreachable';
  }
}

/** The wall answered and opened nothing; `message` says why in the visitor's language. */
export class WallRefusal extends Error {
  constructor(readonly reply: LocalReply) {
    super(reply.message);
    this.name = 'WallRefusal';
  }
}

/**
 * One call to the controller's local API (contract: packages/contract/src/device-local-api.ts):
 * the doors it opened, or a WallRefusal with its sentence, or WallUnreachable.
 */
export async function askWall(
  address: string | null,
  path: '/keypad' | '/qr' | '/deposit' | '/card',
  body: Record<string, string>,
  lang: KioskLanguage,
): Promise<number[]> {
  if (!address) throw new WallUnreachable();
  let reply: LocalReply;
  try {
    const res = await fetch(`${address}${path}`, {
      method: 'POST',
      // JSON (not a "simple" request): the browser asks the wall first, and the wall answers only
      // the origins it was told to trust (docs/devices.md, "CORS").
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, lang }),
      signal: AbortSignal.timeout(WALL_TIMEOUT_MS),
    });
    reply = (await res.json()) as LocalReply;
  } catch {
    throw new WallUnreachable();
  }
  if (!reply.ok) throw new WallRefusal(reply);
  return reply.doors;
}
