import { OrderDetail } from '../components/order-detail';

export default function OrderHistoryDetailsPage() {
  return <OrderDetail routeId="orderHistoryDetails" />;
}
