import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OrdersHistoryPage() {
  return <ComingSoonPage routeId="ordersHistory" />;
}
