import { ComingSoonPage } from '@/components/coming-soon-page';

export default function CourierPage() {
  return <ComingSoonPage routeId="courier" />;
}
