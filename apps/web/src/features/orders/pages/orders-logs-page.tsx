import { ComingSoonPage } from '@/components/coming-soon-page';

export default function OrdersLogsPage() {
  return <ComingSoonPage routeId="ordersLogs" />;
}
