import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AssetUsersPage() {
  return <ComingSoonPage routeId="assetUsers" />;
}
