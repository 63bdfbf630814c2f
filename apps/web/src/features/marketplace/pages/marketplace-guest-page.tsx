import { PricePacksScreen } from '../components/price-packs-screen';

export default function MarketplaceGuestPage() {
  return <PricePacksScreen type="guest" routeId="marketplaceGuest" />;
}
