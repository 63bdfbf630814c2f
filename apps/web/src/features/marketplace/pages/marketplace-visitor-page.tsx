import { PricePacksScreen } from '../components/price-packs-screen';

export default function MarketplaceVisitorPage() {
  return <PricePacksScreen type="visitor" routeId="marketplaceVisitor" />;
}
