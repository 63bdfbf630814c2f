import { useMutation } from '@tanstack/react-query';
import type { KioskPickupReply } from '@cacifo/contract/schemas/order-replies';
import { kioskPickup } from '../api/kiosk';
import type { KioskLanguage } from '../kiosk-text';
import { isKioskOffline, serverUnreachable, setKioskOffline } from './offline-state';
import { askWall } from './wall-api';
import { wallAddress } from './wall-address';

/**
 * A server pickup waits for its door: up to ~17 s when the wall is slow (ack 3 s, result 10 s, two
 * 2 s graces: devices/locker-driver.ts). Only past that is the server taken as gone, so a door the
 * server is still opening is not opened again by the wall.
 */
const SERVER_TIMEOUT_MS = 25_000;

/** The doors a pickup opened, in order, each once (the reply's first parcel is repeated at its top). */
function openedDoors(r: KioskPickupReply): number[] {
  const doors = r.parcels.map((p) => p.doorNumber).filter((d): d is number => d !== null);
  return doors.length > 0 ? [...new Set(doors)] : [r.doorNumber ?? 0];
}

export type PickupInput = { placeId: number; pin?: string; qrCode?: string };

/**
 * POST /api/kiosk/pickup, and when the server cannot be reached, the same code at the wall's
 * keypad or QR reader through its local API (ADR 0160): the doors that opened. A refusal of the
 * server is an ApiError; one of the wall a WallRefusal; no wall either: WallUnreachable.
 */
export async function pickupOrWall(input: PickupInput, lang: KioskLanguage): Promise<number[]> {
  // Offline, the code goes straight to the wall (same rules there, docs/devices.md) rather than
  // waiting on a server that may time out; useServerWatch brings the kiosk back online.
  if (isKioskOffline()) return atWall(input, lang);
  try {
    const reply = await kioskPickup(input, AbortSignal.timeout(SERVER_TIMEOUT_MS));
    setKioskOffline(false);
    return openedDoors(reply);
  } catch (e) {
    if (!serverUnreachable(e)) throw e;
    setKioskOffline(true);
    return atWall(input, lang);
  }
}

function atWall(input: PickupInput, lang: KioskLanguage): Promise<number[]> {
  const wall = wallAddress();
  if (input.qrCode) return askWall(wall, '/qr', { qr: input.qrCode }, lang);
  return askWall(wall, '/keypad', { code: input.pin ?? '' }, lang);
}

/** The recipient's pickup, online or at the wall. */
export const usePickupOrWall = (lang: KioskLanguage) =>
  useMutation({ mutationFn: (input: PickupInput) => pickupOrWall(input, lang) });
