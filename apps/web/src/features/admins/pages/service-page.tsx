import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ServicePage() {
  return <ComingSoonPage routeId="service" />;
}
