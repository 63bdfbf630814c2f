import { ComingSoonPage } from '@/components/coming-soon-page';

export default function LocationConfigNewPage() {
  return <ComingSoonPage routeId="locationConfigNew" />;
}
