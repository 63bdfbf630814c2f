import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ExpiredLockersDeliveryPage() {
  return <ComingSoonPage routeId="expiredLockersDelivery" />;
}
