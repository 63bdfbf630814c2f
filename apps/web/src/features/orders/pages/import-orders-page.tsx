import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ImportOrdersPage() {
  return <ComingSoonPage routeId="importOrders" />;
}
