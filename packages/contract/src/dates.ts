/**
 * How dates are written everywhere (lists, exports, messages, the pickup page): day, month and a
 * four-digit year, and the time to the minute on a 24-hour clock. Intl's `dateStyle: 'short'` writes
 * a two-digit year in pt-PT ("27/11/26"), which reads as ambiguous on a receipt or an SMS, so nobody
 * uses it: pass these options instead (pt-PT "27/11/2026, 14:05", en-GB "27/11/2026, 14:05").
 */
export const DATE_OPTIONS = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

export const DATE_TIME_OPTIONS = {
  ...DATE_OPTIONS,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;
