import { OrderDetail } from '../components/order-detail';

export default function OrderDetailsPage() {
  return <OrderDetail routeId="orderDetails" />;
}
