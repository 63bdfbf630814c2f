import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MonitoringPage() {
  return <ComingSoonPage routeId="monitoring" />;
}
