import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { PageHeader } from '@/components/page-header';
import { useOrders } from '../api/get-orders';
import { OrdersTable, useListParams } from '../components/orders-table';

/** /deposited-orders: the packages waiting in their locker (4, 12, 15). */
export default function DepositedOrdersPage() {
  const list = useListParams();
  const v = ORDER_LIST_VARIANTS.deposited;
  const query = useOrders({
    max_results: list.pageSize,
    offset: list.offset,
    state: v.state,
    archived: v.archived,
    search: list.search || undefined,
  });
  return (
    <>
      <PageHeader routeId="depositedOrders" />
      <OrdersTable query={query} list={list} testId="depositedOrders-table" />
    </>
  );
}
