import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceHealthPage() {
  return <ComingSoonPage routeId="marketplaceHealth" />;
}
