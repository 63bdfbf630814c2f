import { z } from 'zod';
import { idSchema } from './validation.js';

/*
 * What every list screen shares (issue #22, docs/adr/0080-list-kit.md): the sort a list accepts
 * (a whitelist of columns per list, sorted on the server), the export of the filtered list, the
 * bulk actions with their per-row report, and the cap on text-search totals.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `sort` and `order` of a list's query: `sort` is one of the columns the server sorts by (anything
 * else is `invalidInput`), `order` asc or desc. Defaults are the list's natural order.
 */
export function sortQuery<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaultSort: C[number],
  defaultOrder: SortOrder = 'asc',
) {
  return {
    sort: z.enum(columns).default(defaultSort),
    order: z.enum(SORT_ORDERS).default(defaultOrder),
  };
}

/** The page sizes every list offers, and the one it starts with. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * A list total that no counts table keeps (a text search, or any filter beyond them) is counted
 * exactly up to this many; above it the reply's total is this number and `totalIsLowerBound` is
 * true (the screen shows "10 000+"). Counting every match cost more than the page itself, and grew
 * with the table (docs/performance.md; issue #34: filtered lists within 1.5x from 10k to 1M orders).
 */
export const SEARCH_COUNT_CAP = 10_000;
/** Present (true) only when the total is a lower bound, see SEARCH_COUNT_CAP. */
export const totalIsLowerBoundSchema = z.boolean().optional();

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_LANGUAGES = ['pt', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];
export const EXPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/**
 * The fields a list's export adds to the list's own filters and sort (its query without the page):
 * the file format, and the language of the headers and labels.
 */
export const exportFields = {
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  language: z.enum(EXPORT_LANGUAGES).default('pt'),
};

/** How many rows one bulk request may name (one page of the largest size, with room). */
export const BULK_MAX_IDS = 200;
export const bulkIdsSchema = z.array(idSchema).min(1).max(BULK_MAX_IDS);

/** One row of a bulk action's report: done, or refused with the code a single action would answer. */
export const bulkRowResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  code: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;
export const bulkResultSchema = z.object({
  results: z.array(bulkRowResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * Spreadsheet cells that begin with = + - @ (or a tab or carriage return) are read as formulas by
 * Excel and LibreOffice when a file is opened or re-saved as CSV: a user named "=HYPERLINK(...)"
 * would run in the operator's spreadsheet. Such text is written with a leading apostrophe. Every
 * export (the server's and the web's) writes text cells through this.
 */
export function safeCellText(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
