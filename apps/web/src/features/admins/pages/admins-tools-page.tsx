import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AdminsToolsPage() {
  return <ComingSoonPage routeId="adminsTools" />;
}
