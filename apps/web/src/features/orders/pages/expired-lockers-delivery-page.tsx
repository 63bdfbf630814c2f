import { WAITING_PICKUP_STATES } from '@cacifo/contract/codes/order';
import { expiredOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';

/** /expired-lockers-delivery: packages waiting for pickup longer than the limit, oldest first. */
export default function ExpiredLockersDeliveryPage() {
  return (
    <OrderListPage
      routeId="expiredLockersDelivery"
      testId="expired-table"
      endpoint="expired"
      schema={expiredOrdersQuerySchema}
      states={WAITING_PICKUP_STATES}
      archived={false}
      expired
      exportable
      bulk={['resendSms', 'cancel']}
    />
  );
}
