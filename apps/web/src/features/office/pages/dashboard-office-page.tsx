import { ComingSoonPage } from '@/components/coming-soon-page';

export default function DashboardOfficePage() {
  return <ComingSoonPage routeId="dashboardOffice" />;
}
