/**
 * A card as the office knows it (issue #33): the UID the reader gives, in hex. One spelling
 * everywhere: the user form, the kiosk call, the controller's local `/card` and the offline
 * credential hash all go through `normaliseCard`, so "04:a3:1b:22" typed in the back-office is the
 * card the reader sends as "04A31B22". Only hex is accepted (as before): a reader configured to
 * send the UID in decimal must be set to hex, a decimal number is not converted.
 */

/** Separators people and readers put between the bytes: spaces, colons, dashes, dots. */
const CARD_SEPARATORS = /[\s:.-]+/g;
/** A normalised card: 4 to 32 hex digits, upper case (2 to 16 bytes: every UID length in use). */
export const CARD_PATTERN = /^[0-9A-F]{4,32}$/;

/** Trims, drops separators and upper-cases; does not validate (see `isCard`). */
export function normaliseCard(raw: string): string {
  return raw.replace(CARD_SEPARATORS, '').toUpperCase();
}

/** True when the normalised value is a card (4 to 32 hex digits). */
export function isCard(normalised: string): boolean {
  return CARD_PATTERN.test(normalised);
}
