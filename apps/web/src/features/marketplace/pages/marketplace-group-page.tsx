import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceGroupPage() {
  return <ComingSoonPage routeId="marketplaceGroup" />;
}
