import { ComingSoonPage } from '@/components/coming-soon-page';

export default function LocationsPage() {
  return <ComingSoonPage routeId="locations" />;
}
