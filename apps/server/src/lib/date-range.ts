/** `YYYY-MM-DD` -> the ISO start of the following day (an inclusive end date). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * A `YYYY-MM-DD|YYYY-MM-DD` filter (UTC days, both included) as the half-open ISO range the
 * repositories compare with: `from` <= instant < `to`.
 */
export function dayRange(interval: { from: string; to: string }): { from: string; to: string } {
  return { from: `${interval.from}T00:00:00.000Z`, to: nextDay(interval.to) };
}
