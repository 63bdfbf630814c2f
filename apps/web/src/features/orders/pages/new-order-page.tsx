import { ComingSoonPage } from '@/components/coming-soon-page';

export default function NewOrderPage() {
  return <ComingSoonPage routeId="newOrder" />;
}
