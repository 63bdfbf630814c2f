/** Opening hours and voucher dates are Portuguese local time, whatever the server's zone. */
const TZ = 'Europe/Lisbon';
const fmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function lisbonParts(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(fmt.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Start of the Lisbon day of `at`, as a UTC ISO instant (for "uses today"). */
export function lisbonDayStartIso(at: Date): string {
  const { time } = lisbonParts(at);
  const [h, m] = time.split(':').map(Number) as [number, number];
  const start = new Date(at.getTime() - (h * 60 + m) * 60_000);
  start.setUTCSeconds(0, 0);
  return start.toISOString();
}

/** Is `time` (HH:MM) inside [opening, closing)? Equal bounds: all day; closing before opening: overnight. */
export function isOpenAt(time: string, opening: string, closing: string): boolean {
  if (opening === closing) return true;
  return opening < closing ? time >= opening && time < closing : time >= opening || time < closing;
}
