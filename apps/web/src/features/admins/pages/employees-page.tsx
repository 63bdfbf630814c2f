import { ComingSoonPage } from '@/components/coming-soon-page';

export default function EmployeesPage() {
  return <ComingSoonPage routeId="employees" />;
}
