import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OrderDetailsPage() {
  return <ComingSoonPage routeId="orderDetails" />;
}
