import { useEffect, useRef } from 'react';

/**
 * How long a kiosk screen waits for a touch before it goes back to the start and forgets what was
 * typed (issue #33: 30 s on every wall, so the next person never finds someone else's code).
 */
export const KIOSK_IDLE_MS = 30_000;

/**
 * Sent by a screen busy on the person's behalf while they look elsewhere (an MB WAY payment being
 * approved on their phone): it counts as a touch.
 */
export const KIOSK_ACTIVITY = 'kiosk-activity';
/** Anything a person does at the wall: a touch, a key (the card reader types keys), a typed input. */
const ACTIVITY = ['pointerdown', 'keydown', 'input', KIOSK_ACTIVITY] as const;

/**
 * Calls `onIdle` once nobody has touched the screen for `ms` while `active`; every touch starts the
 * wait again. The one idle rule of every kiosk screen (delivery, marketplace, office walls): a
 * screen passes `active = false` where it is already at its start.
 */
export function useKioskIdle(onIdle: () => void, active = true, ms = KIOSK_IDLE_MS): void {
  // The latest callback, so a new function each render does not restart the wait.
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => latest.current(), ms);
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), ms);
    };
    for (const e of ACTIVITY) window.addEventListener(e, touch, true);
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, touch, true);
    };
  }, [active, ms]);
}
