import { ComingSoonPage } from '@/components/coming-soon-page';

export default function LocationDetailsPage() {
  return <ComingSoonPage routeId="locationDetails" />;
}
