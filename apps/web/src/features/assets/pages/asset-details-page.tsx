import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AssetDetailsPage() {
  return <ComingSoonPage routeId="assetDetails" />;
}
