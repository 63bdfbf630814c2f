import { tileColour, tileInput, type TileColour } from '@cacifo/contract/locker-tile';
import type { LockerView } from '@cacifo/contract/schemas/locations';

/** How many tiles show each colour (the legend's counts), from the same rule the tiles use. */
export function countByColour(lockers: readonly LockerView[]): Partial<Record<TileColour, number>> {
  const out: Partial<Record<TileColour, number>> = {};
  for (const l of lockers) {
    const c = tileColour(tileInput(l));
    out[c] = (out[c] ?? 0) + 1;
  }
  return out;
}
