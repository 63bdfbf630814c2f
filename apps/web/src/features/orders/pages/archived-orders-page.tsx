import { listOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';

/** /archived-orders: archived orders (archived=true, state 14). */
export default function ArchivedOrdersPage() {
  return (
    <OrderListPage
      routeId="archivedOrders"
      testId="archivedOrders-table"
      endpoint="list"
      schema={listOrdersQuerySchema}
      archived
      exportable
    />
  );
}
