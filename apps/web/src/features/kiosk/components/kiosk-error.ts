import type { TOptions } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { WallRefusal, WallUnreachable } from '../offline/wall-api';

/** Refusals of the office kiosk (card or PIN) that the person can act on, said as such. */
const ACCESS_REASONS: Record<string, string> = {
  unknownCredential: 'unknownCredential',
  outsideSchedule: 'outsideSchedule',
  assetNotAllowed: 'assetNotAllowed',
};

/** What a code the server does not know is called: a pickup code, a PIN, a return code. */
type WrongCodeKey = 'wrongCode' | 'wrongPin' | 'wrongReturnCode';

/** The kiosk's sentence for a failed call, in the visitor's language (never the back-office's text). */
function kioskErrorKey(e: unknown, wrongPinKey: WrongCodeKey): string {
  const code = e instanceof ApiError ? e.code : '';
  if (code === 'accessDenied') {
    const reason = (e as ApiError).data as { reason?: string } | null;
    return `errors.${ACCESS_REASONS[reason?.reason ?? ''] ?? 'accessDenied'}`;
  }
  const known: Record<string, string> = {
    wrongPin: wrongPinKey,
    tooManyAttempts: 'tooManyAttempts',
    doorOpenFailed: 'doorOpenFailed',
    doorJammed: 'doorJammed',
    deviceUnavailable: 'deviceUnavailable',
    kioskNotBound: 'kioskNotBound',
    forbidden: 'kioskNotBound',
    orderNotExist: 'orderNotExist',
    stateNotAllowed: 'stateNotAllowed',
    'No locker avaliable': 'noLocker',
    selectSize: 'selectSize',
    invalidInput: wrongPinKey,
    placeInMaintenance: 'placeInMaintenance',
    placeInEmergency: 'placeInEmergency',
  };
  return `errors.${known[code] ?? 'generic'}`;
}

/** A kiosk sentence to say: its key, and the values it names (the minutes to wait). */
export interface KioskError {
  key: string;
  values?: TOptions;
  /** Said as it is: the wall's own sentence, already in the visitor's language (ADR 0160). */
  text?: string;
}

type DeniedData = { reason?: string; retryAt?: string | null };
/** "Tuesday 2 December, 09:00": the office's schedules are Lisbon wall-clock times. */
const COME_BACK_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Lisbon',
};

/** The `{{when, datetime}}` of a kiosk sentence naming when someone may come back (an ISO instant). */
export function comeBackValues(iso: string): TOptions {
  return { when: new Date(iso), formatParams: { when: COME_BACK_FORMAT } };
}

/** Below this, a wait is said in seconds (the kiosk's holds are mostly seconds, docs/adr/0130). */
const SECONDS_UP_TO = 120;

/**
 * The kiosk's sentence for a failed call with what it needs: "too many attempts" says how long to
 * wait, from the refusal's `Data.retryAfter` or `Data.minutes` (docs/adr/0024, 0062, 0130), not "a
 * few minutes".
 */
export function kioskError(e: unknown, wrongPinKey: WrongCodeKey): KioskError {
  if (e instanceof WallRefusal) return { key: 'errors.generic', text: e.reply.message };
  if (e instanceof WallUnreachable) return { key: 'offline.unavailable' };
  // Outside their hours: when they may come back, in the wall's time zone (issue #33).
  const denied = e instanceof ApiError && e.code === 'accessDenied' ? (e.data as DeniedData | null) : null;
  if (denied?.reason === 'outsideSchedule' && typeof denied.retryAt === 'string')
    return { key: 'errors.outsideScheduleUntil', values: comeBackValues(denied.retryAt) };
  if (e instanceof ApiError && e.code === 'tooManyAttempts') {
    const wait = (e.data ?? {}) as { minutes?: unknown; retryAfter?: unknown };
    if (typeof wait.retryAfter === 'number' && wait.retryAfter > 0 && wait.retryAfter < SECONDS_UP_TO)
      return { key: 'errors.tooManyAttemptsSeconds', values: { count: wait.retryAfter } };
    if (typeof wait.minutes === 'number' && wait.minutes > 0)
      return { key: 'errors.tooManyAttemptsWait', values: { count: wait.minutes } };
  }
  return { key: kioskErrorKey(e, wrongPinKey) };
}
