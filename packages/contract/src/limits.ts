/*
 * The plain limits of SPEC §5 behind the zod rules in validation.ts (which re-exports them): a screen
 * that only shows a limit or checks a file name need not load zod.
 */
export const PHONE_DIGITS = 9;
export const PIN_DIGITS = 4;
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 32;
export const VOICE_DOOR_MIN = 1;
export const VOICE_DOOR_MAX = 18;
export const PACKAGE_ID_PREFIX = 'SGPT';
export const RECIPIENT_REFERENCE_PREFIXES = ['PRT', 'PT'] as const;
export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

export function hasAllowedUploadExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * One door-number range everywhere (issue #32): a location's lockers, the device messages and the
 * wall's local API all take doors 1-999, so a door the server may hold is a door a controller may name.
 */
export const DOOR_NUMBER_MAX = 999;
/** An RFID tag id as an asset records it and as a reader reports it: 1-64 of A-Z, a-z, 0-9, ':', '_', '-'. */
export const TAG_ID_MAX = 64;
export const TAG_ID_PATTERN = /^[A-Za-z0-9:_-]+$/;
