import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OfficeUserDetailsPage() {
  return <ComingSoonPage routeId="officeUserDetails" />;
}
