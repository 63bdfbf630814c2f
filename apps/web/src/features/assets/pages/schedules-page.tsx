import { ComingSoonPage } from '@/components/coming-soon-page';

export default function SchedulesPage() {
  return <ComingSoonPage routeId="schedules" />;
}
