import { ComingSoonPage } from '@/components/coming-soon-page';

export default function UserGroupsAssetsPage() {
  return <ComingSoonPage routeId="userGroupsAssets" />;
}
