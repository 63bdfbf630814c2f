import { ComingSoonPage } from '@/components/coming-soon-page';

export default function MarketplaceTransactionsPage() {
  return <ComingSoonPage routeId="marketplaceTransactions" />;
}
