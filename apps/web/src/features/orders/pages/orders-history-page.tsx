import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { PageHeader } from '@/components/page-header';
import { useOrders } from '../api/get-orders';
import { OrdersTable, useListParams } from '../components/orders-table';

/** /orders-history: finished orders (delivered, cancelled, delivered by staff). */
export default function OrdersHistoryPage() {
  const list = useListParams();
  const v = ORDER_LIST_VARIANTS.history;
  const query = useOrders({
    max_results: list.pageSize,
    offset: list.offset,
    state: v.state,
    archived: v.archived,
    search: list.search || undefined,
  });
  return (
    <>
      <PageHeader routeId="ordersHistory" />
      <OrdersTable query={query} list={list} testId="ordersHistory-table" />
    </>
  );
}
