import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ActivityPage() {
  return <ComingSoonPage routeId="activity" />;
}
