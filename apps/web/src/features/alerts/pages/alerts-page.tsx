import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AlertsPage() {
  return <ComingSoonPage routeId="alerts" />;
}
