import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AdminsLogsPage() {
  return <ComingSoonPage routeId="adminsLogs" />;
}
