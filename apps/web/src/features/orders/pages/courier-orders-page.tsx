import { myOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';

/** /courier/orders: the orders this courier deposited, last changed first, with where each one is now. */
export default function CourierOrdersPage() {
  return (
    <OrderListPage
      routeId="courierOrders"
      testId="courier-orders"
      endpoint="mine"
      schema={myOrdersQuerySchema}
      links={false}
    />
  );
}
