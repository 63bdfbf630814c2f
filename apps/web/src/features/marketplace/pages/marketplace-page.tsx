import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplacePage() {
  return <ComingSoonPage routeId="marketplace" />;
}
