import { PricePacksScreen } from '../components/price-packs-screen';

export default function MarketplaceHealthPage() {
  return <PricePacksScreen type="health" routeId="marketplaceHealth" />;
}
