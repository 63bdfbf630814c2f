import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Row, Select, Skeleton, Space, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accessReason, userStatus, userType } from '@cacifo/contract/codes/office';
import type { AccessDecision } from '@cacifo/contract/schemas/office';
import { NotFoundResult } from '@/components/not-found-result';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { say } from '@/lib/feedback';
import { useSingleFlight } from '@/lib/form-submit';
import { formatDateTime } from '@/lib/format-date';
import { checkAccess } from '../api/check-access';
import { usePlaces } from '@/lib/queries/locations';
import { useUserGroups } from '../api/get-user-groups';
import { useAuthorizeGroups } from '../api/link-user-groups';
import { useLinkLockers } from '../api/link-user-lockers';
import { useLinkSchedules } from '../api/link-user-schedules';
import { useOfficeLockers } from '../api/get-office-lockers';
import { useSchedules } from '../api/get-schedules';
import { useUser } from '../api/get-user';
import { CredentialsCard } from '../components/credentials-card';
import { LinkCard } from '../components/link-card';
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
  const lockers = useOfficeLockers();
  const groups = useUserGroups();
  const schedules = useSchedules();
  const places = usePlaces({ type: 'OFFICE' });
  const linkLockers = useLinkLockers();
  const linkGroups = useAuthorizeGroups();
  const linkSchedules = useLinkSchedules();
  const [editOpen, setEditOpen] = useState(false);
  const [checkPlace, setCheckPlace] = useState<number | undefined>();
  const [decision, setDecision] = useState<AccessDecision | null>(null);
  // A check opens nothing (a read, not a mutation): its failure is said here. Once at a time.
  const check = useSingleFlight(async () => {
    if (!checkPlace) return;
    try {
      setDecision(await checkAccess({ userId: id, placeId: checkPlace }));
    } catch (e) {
      say('error', errorMessage(e));
    }
  });

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
          <Card
            title={
              <Space>
                <span data-testid="user-name">{u.name}</span>
                <Tag color={u.enabled ? 'green' : 'default'}>
                  {t(u.enabled ? 'office.users.enabled' : 'office.users.disabled')}
                </Tag>
              </Space>
            }
          >
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'number', label: t('office.fields.number'), children: u.number ?? '—' },
                {
                  key: 'type',
                  label: t('office.fields.userType'),
                  children: t(userType.labelKey(u.userType) as 'userType.EMPLOYEE'),
                },
                {
                  key: 'status',
                  label: t('office.fields.status'),
                  children: t(userStatus.labelKey(u.status) as 'userStatus.ACTIVE'),
                },
                { key: 'email', label: t('office.fields.email'), children: u.email ?? '—' },
                {
                  key: 'phone',
                  label: t('office.fields.phone_number'),
                  children: u.phone_number ? `${u.numberPrefix ?? ''} ${u.phone_number}` : '—',
                },
                { key: 'nif', label: t('office.fields.nif'), children: u.nif ?? '—' },
                { key: 'login', label: t('office.fields.login'), children: u.login ?? '—' },
                {
                  key: 'building',
                  label: t('office.fields.building'),
                  children: [u.building, u.floor].filter(Boolean).join(' · ') || '—',
                },
                { key: 'project', label: t('office.fields.project'), children: u.project ?? '—' },
                {
                  key: 'valid',
                  label: t('office.fields.validUntil'),
                  children: formatDateTime(u.validUntil),
                },
                { key: 'obs', label: t('office.fields.obs'), children: u.obs ?? '—' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <CredentialsCard key={`${u.id}-${u.card ?? ''}`} user={u} canManage={canManage} />
        </Col>
        <Col xs={24} md={8}>
          <LinkCard
            title={t('office.users.lockers')}
            testId="user-lockers"
            canManage={canManage}
            items={u.lockers.map((l) => ({
              id: l.id,
              label: `${l.placeName} #${l.doorNumber} (${l.size})`,
            }))}
            // Only lockers free under the availability rule can be given (the server refuses others).
            options={(lockers.data ?? [])
              .filter((l) => l.available)
              .map((l) => ({
                value: l.id,
                label: `${l.placeName} #${l.doorNumber} (${l.size})`,
              }))}
            onChange={(lockerIds, on) => linkLockers.mutateAsync({ userId: id, lockerIds, on })}
          />
        </Col>
        <Col xs={24} md={8}>
          <LinkCard
            title={t('office.users.groups')}
            testId="user-groups"
            color="purple"
            canManage={canManage}
            items={u.groups.map((g) => ({ id: g.id, label: g.name }))}
            options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onChange={(userGroupIds, on) => linkGroups.mutateAsync({ userId: id, userGroupIds, on })}
          />
        </Col>
        <Col xs={24} md={8}>
          <LinkCard
            title={t('office.users.schedules')}
            testId="user-schedules"
            color="geekblue"
            canManage={canManage}
            items={u.schedules.map((s) => ({ id: s.id, label: s.name }))}
            options={(schedules.data?.schedules ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(scheduleIds, on) => linkSchedules.mutateAsync({ userId: id, scheduleIds, on })}
          />
        </Col>
        <Col span={24}>
          <Card size="small" title={t('office.access.title')}>
            <Space wrap>
              <Select
                placeholder={t('office.users.location')}
                aria-label={t('office.users.location')}
                value={checkPlace}
                onChange={(v: number) => {
                  setCheckPlace(v);
                  setDecision(null);
                }}
                style={{ width: 220 }}
                options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
                data-testid="access-place"
              />
              <Button
                icon={<SafetyOutlined />}
                disabled={!checkPlace}
                loading={check.pending}
                onClick={() => void check.run()}
                data-testid="access-check"
              >
                {t('office.access.check')}
              </Button>
              {decision && (
                <Alert
                  showIcon
                  type={decision.granted ? 'success' : 'warning'}
                  data-testid="access-result"
                  title={
                    decision.granted
                      ? t('office.access.granted')
                      : `${t('office.access.denied')}: ${t(accessReason.labelKey(decision.reason) as 'accessReason.NO_LOCKER')}`
                  }
                />
              )}
            </Space>
          </Card>
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
