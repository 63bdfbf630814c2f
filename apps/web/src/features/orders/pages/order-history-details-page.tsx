import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OrderHistoryDetailsPage() {
  return <ComingSoonPage routeId="orderHistoryDetails" />;
}
