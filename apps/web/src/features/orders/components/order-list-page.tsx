import { useEffect, useState, type ReactNode } from 'react';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppRouteId } from '@cacifo/contract';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import type { OrderState } from '@cacifo/contract/codes/order';
import { can } from '@cacifo/contract/permissions';
import type { listOrdersQuerySchema, Order, OrderBulkAction } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { BulkActions } from '@/components/list/bulk-actions';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { useCountText } from '@/lib/list/count-text';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useBulkOrders, useOrderList, type OrderListEndpoint } from '../api/order-lists';
import { stateParam } from '../api/get-orders';
import { useOrderColumns } from './order-columns';
import { OrderFilters } from './order-filters';

/** What sets one order list apart from the others: its rows, its endpoint, what it offers. */
export interface OrderListView {
  routeId: AppRouteId;
  testId: string;
  endpoint: OrderListEndpoint;
  /** The list's query schema: its keys are the URL's, its defaults the list's natural order. */
  schema: typeof listOrdersQuerySchema;
  /** The states the list holds (the state filter picks among them); none: every state. */
  states?: readonly OrderState[];
  archived?: boolean;
  /** Packages waiting longer than the limit (the expired-lockers list). */
  expired?: boolean;
  /** Export and bulk actions (operators' lists; not the courier's own). */
  exportable?: boolean;
  bulk?: readonly OrderBulkAction[];
  links?: boolean;
  /** Buttons beside the title. */
  extra?: ReactNode;
}

/**
 * Every order list screen (issue #22): filters, sort, page and size in the URL (checked by the
 * list's contract schema), sorted and paged on the server, exported as the server streams it,
 * and bulk actions with one confirmation and a report per order.
 */
export function OrderListPage(view: OrderListView) {
  const { t } = useTranslation();
  const session = useSession();
  const countText = useCountText();
  const list = useListState(view.schema);
  const [selected, setSelected] = useState<number[]>([]);
  const bulk = useBulkOrders();
  const columns = useOrderColumns({ links: view.links ?? true });

  // The variant's own rows: a state chosen in the filter must be one of them.
  const chosen = (list.filters.state ?? '')
    .split(',')
    .map(Number)
    .filter((s) => view.states?.includes(s as OrderState));
  const fixed = {
    state: chosen.length ? chosen.join(',') : stateParam(view.states),
    ...(view.archived !== undefined
      ? { archived: view.archived ? ('true' as const) : ('false' as const) }
      : {}),
    ...(view.expired ? { expired: 'true' as const } : {}),
  };
  const query = { ...list.query, ...fixed };
  const orders = useOrderList(view.endpoint, query);
  const shown = JSON.stringify(query);
  // A selection belongs to the rows on screen: another page or filter starts a new one.
  useEffect(() => setSelected([]), [shown]);

  const packages = new Map((orders.data?.deliveries ?? []).map((o) => [o.id, o.packageId]));
  const rows = (n: number) => countText('orders.list.count', n);
  const bulkActions = view.bulk ?? [];
  const canBulk =
    bulkActions.length > 0 && !!session && can(session.userRole, 'orders.manage', session.modules);

  return (
    <>
      <PageHeader
        routeId={view.routeId}
        extra={
          <Space wrap>
            {view.exportable && (
              <ExportButton
                endpoint={ordersApi.exportOrders}
                filters={{ ...list.filterQuery, ...fixed, sort: list.sort, order: list.order }}
                total={orders.data?.totalDeliveries}
                countKey="orders.list.count"
                testId={`${view.testId}-export`}
              />
            )}
            {view.extra}
          </Space>
        }
      />
      <Card>
        <OrderFilters
          list={list}
          states={view.states}
          storeFilter={view.exportable === true && session?.userRole !== 'store'}
          testId={view.testId}
        />
        {canBulk && (
          <BulkActions
            selected={selected}
            onDone={() => setSelected([])}
            rowLabel={(id) => packages.get(id) ?? `#${id}`}
            rowTitle={t('orders.fields.packageId')}
            countKey="orders.list.count"
            testId={`${view.testId}-bulk`}
            actions={bulkActions.map((action) => ({
              key: action,
              label: t(`orders.bulk.${action}`),
              danger: action === 'cancel',
              confirm: (n) => t(`orders.bulk.confirm.${action}`, { rows: rows(n) }),
              run: (ids) => bulk.mutateAsync({ action, ids }),
            }))}
          />
        )}
        <ListTable<Order, typeof listOrdersQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={orders.data?.deliveries}
          total={orders.data?.totalDeliveries}
          lowerBound={orders.data?.totalIsLowerBound}
          loading={orders.isFetching && !orders.data}
          error={orders.isError ? orders.error : undefined}
          countKey="orders.list.count"
          emptyText={t('orders.list.empty')}
          testId={view.testId}
          rowSelection={
            canBulk
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
        />
      </Card>
    </>
  );
}
