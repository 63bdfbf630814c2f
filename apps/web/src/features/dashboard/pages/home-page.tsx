import { ComingSoonPage } from '@/components/coming-soon-page';

export default function HomePage() {
  return <ComingSoonPage routeId="home" />;
}
