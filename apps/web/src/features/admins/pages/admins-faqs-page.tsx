import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AdminsFaqsPage() {
  return <ComingSoonPage routeId="adminsFaqs" />;
}
