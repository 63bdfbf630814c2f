import { ComingSoonPage } from '@/components/coming-soon-page';

export default function DepositedOrdersPage() {
  return <ComingSoonPage routeId="depositedOrders" />;
}
