import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceVisitorPage() {
  return <ComingSoonPage routeId="marketplaceVisitor" />;
}
