import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { PageHeader } from '@/components/page-header';
import { useOrders } from '../api/get-orders';
import { OrdersTable, useListParams } from '../components/orders-table';

/** /archived-orders: archived orders (archived=true, state 14). */
export default function ArchivedOrdersPage() {
  const list = useListParams();
  const v = ORDER_LIST_VARIANTS.archived;
  const query = useOrders({
    max_results: list.pageSize,
    offset: list.offset,
    state: v.state,
    archived: v.archived,
    search: list.search || undefined,
  });
  return (
    <>
      <PageHeader routeId="archivedOrders" />
      <OrdersTable query={query} list={list} testId="archivedOrders-table" />
    </>
  );
}
