import { ComingSoonPage } from '@/components/coming-soon-page';

export default function DashboardAssetsPage() {
  return <ComingSoonPage routeId="dashboardAssets" />;
}
