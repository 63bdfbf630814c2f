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
