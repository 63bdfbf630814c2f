import { PricePacksScreen } from '../components/price-packs-screen';

export default function MarketplaceOtherPage() {
  return <PricePacksScreen type="other" routeId="marketplaceOther" />;
}
