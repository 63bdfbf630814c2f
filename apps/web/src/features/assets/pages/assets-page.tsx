import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AssetsPage() {
  return <ComingSoonPage routeId="assets" />;
}
