import { ApiError } from '@/lib/api-client';

/** The kiosk's sentence for a failed call, in the visitor's language (never the back-office's text). */
export function kioskErrorKey(e: unknown, wrongPinKey: 'wrongCode' | 'wrongPin'): string {
  const code = e instanceof ApiError ? e.code : '';
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
  };
  return `errors.${known[code] ?? 'generic'}`;
}
