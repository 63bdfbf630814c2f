import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceLogsPage() {
  return <ComingSoonPage routeId="marketplaceLogs" />;
}
