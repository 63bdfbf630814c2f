import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { listOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';

/** /orders-history: finished orders (delivered, cancelled, delivered by staff, returned). */
export default function OrdersHistoryPage() {
  return (
    <OrderListPage
      routeId="ordersHistory"
      testId="ordersHistory-table"
      endpoint="list"
      schema={listOrdersQuerySchema}
      states={ORDER_LIST_VARIANTS.history.state}
      archived={false}
      exportable
      bulk={['archive']}
    />
  );
}
