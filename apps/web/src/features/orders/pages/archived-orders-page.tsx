import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ArchivedOrdersPage() {
  return <ComingSoonPage routeId="archivedOrders" />;
}
