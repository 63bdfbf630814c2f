import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceOtherPage() {
  return <ComingSoonPage routeId="marketplaceOther" />;
}
