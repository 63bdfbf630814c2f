import { ComingSoonPage } from '@/components/coming-soon-page';

export default function DeliveryAnalyticsPage() {
  return <ComingSoonPage routeId="deliveryAnalytics" />;
}
