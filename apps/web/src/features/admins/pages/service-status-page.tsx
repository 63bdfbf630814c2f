import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ServiceStatusPage() {
  return <ComingSoonPage routeId="serviceStatus" />;
}
