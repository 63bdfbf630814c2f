import { ComingSoonPage } from '@/components/coming-soon-page';

export default function AssetCategoriesPage() {
  return <ComingSoonPage routeId="assetCategories" />;
}
