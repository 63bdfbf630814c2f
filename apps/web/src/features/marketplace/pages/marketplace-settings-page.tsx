import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceSettingsPage() {
  return <ComingSoonPage routeId="marketplaceSettings" />;
}
