import { ApiError } from '@/lib/api-client';

/** Refusals of the office kiosk (card or PIN) that the person can act on, said as such. */
const ACCESS_REASONS: Record<string, string> = {
  unknownCredential: 'unknownCredential',
  outsideSchedule: 'outsideSchedule',
  assetNotAllowed: 'assetNotAllowed',
};

/** The kiosk's sentence for a failed call, in the visitor's language (never the back-office's text). */
export function kioskErrorKey(e: unknown, wrongPinKey: 'wrongCode' | 'wrongPin'): string {
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
