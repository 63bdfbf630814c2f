import { Card } from 'antd';
import { PageHeader } from '@/components/page-header';
import { ProfileTabs } from '../components/profile-tabs';

/** /profile: own details, password and PIN, for every role (those without /admins or /employees). */
export default function ProfilePage() {
  return (
    <>
      <PageHeader routeId="profile" />
      <Card style={{ maxWidth: 560 }}>
        <ProfileTabs />
      </Card>
    </>
  );
}
