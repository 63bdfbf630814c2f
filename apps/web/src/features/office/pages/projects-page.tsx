import { ComingSoonPage } from '@/components/coming-soon-page';

export default function ProjectsPage() {
  return <ComingSoonPage routeId="projects" />;
}
