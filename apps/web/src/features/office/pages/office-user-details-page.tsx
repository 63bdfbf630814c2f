import { lazy, Suspense, useState } from 'react';
import { Button, Col, Row, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundResult } from '@/components/not-found-result';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '../api/get-user';
import { AccessCheckCard } from '../components/access-check-card';
import { CredentialsCard } from '../components/credentials-card';
import { UserLinks } from '../components/user-links';
import { UserProfileCard } from '../components/user-profile-card';
import { UserAssets, UserRecentActivity } from '../components/user-recent';
import { useCan } from '@/lib/use-can';
import { pathTo } from '@cacifo/contract/route-paths';

// Loaded after the page: the edit dialog's form code is not needed to show the user.
const UserFormModal = lazy(() =>
  import('../components/user-form-modal').then((m) => ({ default: m.UserFormModal })),
);
// The stats chart's code loads after the page, beside the stats query.
const UserStats = lazy(() => import('../components/user-stats').then((m) => ({ default: m.UserStats })));

/**
 * /office-users/details/{id}: profile, credentials, lockers, groups, schedules, the access check,
 * recent kiosk attempts and door events, the assets they may take, stats.
 */
export default function OfficeUserDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const user = useUser(id);
  const canManage = useCan();
  const [editOpen, setEditOpen] = useState(false);

  if (user.isError) {
    return (
      <NotFoundResult
        title={errorMessage(user.error)}
        extra={<Link to={pathTo('officeUsers')}>{t('office.users.back')}</Link>}
      />
    );
  }
  if (!user.data) return <Skeleton active />;
  const u = user.data;

  return (
    <>
      <PageHeader
        routeId="officeUserDetails"
        extra={
          <Space wrap>
            <Link to={pathTo('officeUsers')}>
              <Button icon={<ArrowLeftOutlined />}>{t('office.users.back')}</Button>
            </Link>
            {canManage && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditOpen(true)}>
                {t('office.common.edit')}
              </Button>
            )}
          </Space>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <UserProfileCard user={u} />
        </Col>
        <Col xs={24} lg={10}>
          <CredentialsCard key={`${u.id}-${u.card ?? ''}`} user={u} canManage={canManage} />
        </Col>
        <UserLinks user={u} canManage={canManage} />
        <Col span={24}>
          <AccessCheckCard userId={id} />
        </Col>
        <Col xs={24} lg={14}>
          <UserRecentActivity userId={id} />
        </Col>
        <Col xs={24} lg={10}>
          <UserAssets userId={id} />
        </Col>
        <Col span={24}>
          <Suspense fallback={<Skeleton active />}>
            <UserStats userId={id} />
          </Suspense>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <UserFormModal user={u} open={editOpen} onClose={() => setEditOpen(false)} />
      </Suspense>
    </>
  );
}
