import { useMemo } from 'react';
import { parseAsInteger, parseAsString, useQueryStates, type Options } from 'nuqs';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortOrder } from '@cacifo/contract/lists';

/*
 * A list's table state in the URL (issue #22, ADR 0080): page, page size, sort and every filter,
 * read and written with nuqs, each value checked with the list's own query schema from the
 * contract. A link or a reload shows the same rows; a value the server would refuse (a sort
 * column off its whitelist, a malformed date) is dropped instead of breaking the page.
 */

/** The query keys a list's filters and sort use: its contract query without the page. */
type FilterKey<S extends z.ZodObject> = Exclude<keyof S['shape'] & string, 'max_results' | 'offset'>;
/** Filter values as the URL and the server's query carry them: text. */
type ListFilters<S extends z.ZodObject> = Partial<Record<FilterKey<S>, string>>;

export interface ListState<S extends z.ZodObject> {
  page: number;
  pageSize: number;
  /** Every filter and the sort, as valid text (absent when unset or refused). */
  filters: ListFilters<S>;
  /** The list's query for the server: filters, sort and the page. */
  query: z.input<S>;
  /** The query without the page (the export's). */
  filterQuery: ListFilters<S>;
  sort: string | undefined;
  order: SortOrder | undefined;
  /** Sets filters (null or '' removes one); any change of filter goes back to page 1. */
  setFilters(patch: Partial<Record<FilterKey<S>, string | number | null | undefined>>): void;
  setPage(page: number, pageSize: number): void;
  setSort(sort: string | null, order: SortOrder | null): void;
  /** The column is on the list's sort whitelist. */
  sortable(column: string): boolean;
}

/** A field's default (what the server assumes when the URL has no value), if it has one. */
function defaultOf(field: z.ZodType | undefined): string | undefined {
  const r = field?.safeParse(undefined);
  return r?.success && typeof r.data === 'string' ? r.data : undefined;
}

const HISTORY: Options = { history: 'replace', scroll: false };

/**
 * The state of one list screen. `schema` is the list's query schema from the contract
 * (`listUsersQuerySchema`, ...): its keys are the URL's keys, and its fields check the values.
 *
 * @example
 * const list = useListState(listUsersQuerySchema);
 * const users = useUsers(list.query);
 * <Select value={list.filters.userType} onChange={(v) => list.setFilters({ userType: v })} />
 */
export function useListState<S extends z.ZodObject>(schema: S): ListState<S> {
  const keys = useMemo(
    () => Object.keys(schema.shape).filter((k) => k !== 'max_results' && k !== 'offset') as FilterKey<S>[],
    [schema],
  );
  const parsers = useMemo(
    () => ({
      ...Object.fromEntries(keys.map((k) => [k, parseAsString])),
      page: parseAsInteger,
      size: parseAsInteger,
    }),
    [keys],
  );
  const [raw, setRaw] = useQueryStates(parsers, HISTORY);
  const values = raw as Record<string, string | number | null>;

  return useMemo(() => {
    const shape = schema.shape as Record<string, z.ZodType>;
    const filters: Record<string, string> = {};
    for (const k of keys) {
      const v = values[k];
      if (typeof v === 'string' && v !== '' && shape[k]!.safeParse(v).success) filters[k] = v;
    }
    const size = Number(values.size);
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
    const page = Math.max(1, Number(values.page) || 1);
    const sortSchema = shape.sort;
    const orderSchema = shape.order;
    // Kept as text: nuqs holds the value set until the URL is read again, and a number there
    // would fail the text check above (a filter chosen in a Select would be ignored until reload).
    const clean = (v: string | number | null | undefined) =>
      v === '' || v === undefined || v === null ? null : String(v);
    return {
      page,
      pageSize,
      filters: filters as ListFilters<S>,
      filterQuery: filters as ListFilters<S>,
      query: { ...filters, max_results: pageSize, offset: (page - 1) * pageSize } as z.input<S>,
      // Unset, the server sorts by the schema's defaults: the table shows that order too.
      sort: filters.sort ?? defaultOf(sortSchema),
      order: (filters.order ?? defaultOf(orderSchema)) as SortOrder | undefined,
      setFilters: (patch) => {
        const next: Record<string, string | null> = { page: null };
        for (const [k, v] of Object.entries(patch)) next[k] = clean(v as string | number | null | undefined);
        void setRaw(next as never);
      },
      setPage: (p, s) =>
        void setRaw({
          page: p > 1 && s === pageSize ? p : null,
          size: s === DEFAULT_PAGE_SIZE ? null : s,
        } as never),
      setSort: (sort, order) => void setRaw({ sort, order, page: null } as never),
      sortable: (column) => !!sortSchema && sortSchema.safeParse(column).success && !!orderSchema,
    } satisfies ListState<S>;
  }, [schema, keys, values, setRaw]);
}
