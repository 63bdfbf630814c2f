import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AssetsLogsPage() {
  return <ComingSoonPage routeId="assetsLogs" />;
}
