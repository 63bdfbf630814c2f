import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AdminsTermsPage() {
  return <ComingSoonPage routeId="adminsTerms" />;
}
