import { ComingSoonPage } from '@/components/coming-soon-page';

export default function UserTypePage() {
  return <ComingSoonPage routeId="userType" />;
}
