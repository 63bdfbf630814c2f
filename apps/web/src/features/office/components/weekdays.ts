import { WEEKDAYS } from '@cacifo/contract/codes/office';

/** Short weekday names in the current language (ISO 1 = Monday); 2024-01-01 was a Monday. */
export function weekdayNames(language: string, width: 'short' | 'long' = 'short'): Record<number, string> {
  const f = new Intl.DateTimeFormat(language === 'pt' ? 'pt-PT' : 'en', { weekday: width, timeZone: 'UTC' });
  return Object.fromEntries(WEEKDAYS.map((d) => [d, f.format(new Date(Date.UTC(2024, 0, d)))]));
}

/** `08:00–18:00`, with a moon mark when the shift crosses midnight. */
export function hoursLabel(start: string, end: string, wholeDay: string): string {
  if (start === end) return wholeDay;
  return `${start}–${end}${end < start ? ' ☾' : ''}`;
}

export function formatSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}
