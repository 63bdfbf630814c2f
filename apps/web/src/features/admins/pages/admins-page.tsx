import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AdminsPage() {
  return <ComingSoonPage routeId="admins" />;
}
