/** `YYYY-MM-DD` -> the ISO start of the following day (an inclusive end date). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
