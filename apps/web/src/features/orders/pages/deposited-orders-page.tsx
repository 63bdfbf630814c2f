import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { listOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';

/** /deposited-orders: the packages waiting in their locker (4, 12, 15). */
export default function DepositedOrdersPage() {
  return (
    <OrderListPage
      routeId="depositedOrders"
      testId="depositedOrders-table"
      endpoint="list"
      schema={listOrdersQuerySchema}
      states={ORDER_LIST_VARIANTS.deposited.state}
      archived={false}
      exportable
      bulk={['resendSms', 'cancel']}
    />
  );
}
