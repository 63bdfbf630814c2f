import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceGuestPage() {
  return <ComingSoonPage routeId="marketplaceGuest" />;
}
