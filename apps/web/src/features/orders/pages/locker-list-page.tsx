import { ComingSoonPage } from '@/components/coming-soon-page';

export default function LockerListPage() {
  return <ComingSoonPage routeId="lockerList" />;
}
