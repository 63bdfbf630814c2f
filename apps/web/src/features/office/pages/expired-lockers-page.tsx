import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ExpiredLockersPage() {
  return <ComingSoonPage routeId="expiredLockers" />;
}
