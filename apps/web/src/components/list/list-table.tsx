import { Alert, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PAGE_SIZES } from '@cacifo/contract/lists';
import { errorMessage } from '@/lib/api-client';
import type { ListState } from '@/lib/list/use-list-state';
import { useCountText } from '@/lib/list/count-text';

/** A column of a kit table; `sortKey` names the server's sort column (on the list's whitelist). */
export type ListColumn<T> = TableColumnType<T> & { sortKey?: string };

interface Props<T, S extends z.ZodObject> {
  list: ListState<S>;
  columns: ListColumn<T>[];
  rows: readonly T[] | undefined;
  total: number | undefined;
  /** The total is a lower bound (a text search with more matches than the server counts). */
  lowerBound?: boolean | undefined;
  loading?: boolean;
  error?: unknown;
  /** Translation key of the rows' counted noun, with `_one`/`_other` forms ("1 encomenda"). */
  countKey: string;
  rowKey: TableProps<T>['rowKey'];
  testId: string;
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: TableProps<T>['onRow'];
  size?: TableProps<T>['size'];
  emptyText?: string;
  scrollX?: number | true;
  className?: string;
}

/**
 * The table of every list screen: server paging and sorting from the list's URL state, the page
 * sizes every list offers, a counted total ("1 encomenda", "10 000+ encomendas") and the error of
 * the list's query in one place.
 */
export function ListTable<T extends object, S extends z.ZodObject>(props: Props<T, S>) {
  const { t } = useTranslation();
  const countText = useCountText();
  const { list } = props;
  const columns = props.columns.map(({ sortKey, ...c }) =>
    sortKey && list.sortable(sortKey)
      ? {
          ...c,
          key: sortKey,
          sorter: true,
          sortOrder: list.sort === sortKey ? (list.order === 'desc' ? 'descend' : 'ascend') : null,
          showSorterTooltip: {
            title: t('list.sortBy', { column: typeof c.title === 'string' ? c.title : '' }),
          },
        }
      : c,
  ) as TableColumnType<T>[];
  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      // antd's third click clears a sort, which here would only bring back the list's default
      // order: a column sorted newest first by default could never be sorted oldest first. A
      // click on the sorted column turns its order instead.
      const column = s?.columnKey !== undefined ? String(s.columnKey) : (list.sort ?? null);
      const order =
        s?.order === 'descend'
          ? 'desc'
          : s?.order === 'ascend'
            ? 'asc'
            : list.order === 'desc'
              ? 'asc'
              : 'desc';
      list.setSort(column, order);
    } else if (extra.action === 'paginate') {
      list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
    }
  };
  return (
    <>
      {props.error ? (
        <Alert type="error" showIcon title={errorMessage(props.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<T>
        rowKey={props.rowKey}
        data-testid={props.testId}
        className={props.className}
        size={props.size ?? 'middle'}
        columns={columns}
        dataSource={props.rows as T[] | undefined}
        loading={props.loading}
        rowSelection={props.rowSelection}
        onRow={props.onRow}
        onChange={onChange}
        scroll={{ x: props.scrollX ?? true }}
        locale={props.emptyText ? { emptyText: props.emptyText } : undefined}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: props.total ?? 0,
          pageSizeOptions: PAGE_SIZES as unknown as number[],
          showSizeChanger: true,
          showTotal: (n) => (
            <span data-testid={`${props.testId}-total`}>
              {countText(props.countKey, n, props.lowerBound)}
            </span>
          ),
        }}
      />
    </>
  );
}
