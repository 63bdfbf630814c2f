import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OrdersPage() {
  return <ComingSoonPage routeId="orders" />;
}
