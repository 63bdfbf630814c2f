const SIZE_ORDER = ['XS', 'S', 'M', 'L'];

/** The largest of some locker sizes (null for none): an asset needs a locker fitting every category. */
export function largestSize(sizes: readonly (string | null)[]): string | null {
  return (
    sizes
      .filter((s): s is string => s !== null)
      .sort((a, b) => SIZE_ORDER.indexOf(b) - SIZE_ORDER.indexOf(a))[0] ?? null
  );
}
