/**
 * Which scanner icons the navbar shows. Apart from scan-flow.ts, whose form schema needs zod: the
 * navbar is on every signed-in page and should not load zod for two icons.
 */

/** What navbar scanner icons a deployment shows (SCANNER). */
export type ScannerFlag = 'none' | 'barcode' | 'qrcode' | 'both';
export type ScanKind = 'barcode' | 'qrcode';

/** The icons a flag turns on, in navbar order. */
export function scanKindsFor(flag: ScannerFlag): ScanKind[] {
  if (flag === 'both') return ['barcode', 'qrcode'];
  if (flag === 'barcode' || flag === 'qrcode') return [flag];
  return [];
}
