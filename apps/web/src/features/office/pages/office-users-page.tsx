import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OfficeUsersPage() {
  return <ComingSoonPage routeId="officeUsers" />;
}
