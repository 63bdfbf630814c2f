import { PageHeader } from '@/components/page-header';
import { useExpiredOrders } from '../api/get-orders';
import { OrdersTable, useListParams } from '../components/orders-table';

/** /expired-lockers-delivery: packages waiting for pickup longer than the limit, oldest first. */
export default function ExpiredLockersDeliveryPage() {
  const list = useListParams();
  const query = useExpiredOrders({ max_results: list.pageSize, offset: list.offset });
  return (
    <>
      <PageHeader routeId="expiredLockersDelivery" />
      <OrdersTable query={query} list={list} searchable={false} testId="expired-table" />
    </>
  );
}
