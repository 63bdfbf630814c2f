import { ComingSoonPage } from '@/components/coming-soon-page';

export default function UserGroupsOfficePage() {
  return <ComingSoonPage routeId="userGroupsOffice" />;
}
