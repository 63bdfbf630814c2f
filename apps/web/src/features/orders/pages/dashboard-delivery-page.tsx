import { ComingSoonPage } from '@/components/coming-soon-page';

export default function DashboardDeliveryPage() {
  return <ComingSoonPage routeId="dashboardDelivery" />;
}
