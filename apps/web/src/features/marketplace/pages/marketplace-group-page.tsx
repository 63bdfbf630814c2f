import { PricePacksScreen } from '../components/price-packs-screen';

export default function MarketplaceGroupPage() {
  return <PricePacksScreen type="group" routeId="marketplaceGroup" />;
}
