import { Button, Descriptions, Drawer, Popconfirm, Space, Tag, Typography } from 'antd';
import { LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { can } from '@cacifo/contract/permissions';
import { assetStatus } from '@cacifo/contract/codes/asset';
import { deliveryType, doorStatus, lockerEnabled, lockerStatus } from '@cacifo/contract/codes/locker';
import { isLockerAvailable, tileInput } from '@cacifo/contract/locker-tile';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { useSingleFlight } from '@/lib/form-submit';
import { useSession } from '@/lib/session';
import { useOpenLocker } from '../api/open-locker';
import { useSetLockerEnabled } from '../api/set-locker-enabled';
import { LockerTile } from './locker-tile';
import { useMinuteClock } from './use-clock';
import { pathTo } from '@cacifo/contract/route-paths';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

function Since({ at }: { at: string | null }) {
  useMinuteClock();
  if (!at) return <>—</>;
  return <span title={dayjs(at).format('L LTS')}>{dayjs(at).fromNow()}</span>;
}

interface LockerDrawerProps {
  placeId: number;
  locker: LockerView | null;
  onClose: () => void;
}

/** Details and actions of one locker; reads the live cached locker, so it follows realtime updates. */
export function LockerDrawer({ placeId, locker, onClose }: LockerDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const openDoor = useOpenLocker(placeId);
  const setEnabled = useSetLockerEnabled(placeId);
  const mayOpen = !!session && can(session.userRole, 'doors.open', session.modules);
  const mayManage = !!session && can(session.userRole, 'locations.manage', session.modules);

  // What each request says is its mutation's meta (api/); the confirmation's promise keeps its
  // button loading, and the toggle runs once at a time.
  const onOpen = (l: LockerView) => openDoor.mutateAsync(l.id).catch(() => undefined);
  const toggle = useSingleFlight((l: LockerView) =>
    setEnabled.mutateAsync({ lockerId: l.id, enabled: l.enabled === 0 ? 1 : 0 }),
  );

  return (
    <Drawer
      open={locker !== null}
      onClose={onClose}
      size="default"
      title={locker ? t('locations.locker.title', { door: locker.doorNumber }) : ''}
      destroyOnHidden
    >
      {locker && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="locker-drawer-body">
          <div style={{ maxWidth: 140 }}>
            <LockerTile locker={locker} />
          </div>
          {(mayOpen || mayManage) && (
            <Space wrap>
              {mayOpen && (
                <Popconfirm
                  title={t('locations.door.confirm', { door: locker.doorNumber })}
                  okText={t('locations.door.open')}
                  cancelText={t('locations.common.cancel')}
                  onConfirm={() => onOpen(locker)}
                >
                  <Button
                    type="primary"
                    icon={<UnlockOutlined />}
                    loading={openDoor.isPending}
                    data-testid="open-door"
                  >
                    {t('locations.door.open')}
                  </Button>
                </Popconfirm>
              )}
              {mayManage && (
                <Button
                  icon={locker.enabled === 0 ? <LockOutlined /> : <StopOutlined />}
                  loading={toggle.pending}
                  onClick={() => void toggle.run(locker)}
                  data-testid="toggle-enabled"
                >
                  {t(locker.enabled === 0 ? 'locations.locker.enable' : 'locations.locker.disable')}
                </Button>
              )}
            </Space>
          )}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('locations.locker.size')}>{locker.size}</Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.status')}>
              {t(lockerStatus.labelKey(locker.status) as 'lockerStatus.AVAILABLE')}
              {isLockerAvailable(tileInput(locker)) && (
                <Tag color="green" style={{ marginInlineStart: 8 }}>
                  {t('locations.tile.state.available')}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.doorStatus')}>
              <span data-testid="drawer-door-status">
                {doorStatus.has(locker.doorStatus)
                  ? t(doorStatus.labelKey(locker.doorStatus) as 'doorStatus.OPEN')
                  : locker.doorStatus}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.doorSince')}>
              <Since at={locker.doorStatusUpdatedAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.enabled')}>
              {lockerEnabled.has(locker.enabled)
                ? t(lockerEnabled.labelKey(locker.enabled) as 'lockerEnabled.ENABLED')
                : locker.enabled}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.accessibility')}>
              {t(locker.accessibility ? 'locations.common.yes' : 'locations.common.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.users')}>
              <span data-testid="drawer-users">
                {locker.locker_users.length
                  ? locker.locker_users.map((u) => (
                      <Link key={u.id} to={pathTo('officeUserDetails', { id: u.id })}>
                        <Tag>{u.name}</Tag>
                      </Link>
                    ))
                  : '—'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.groups')}>
              {locker.lockerGroups.length
                ? locker.lockerGroups.map((g) => (
                    <Tag key={g.id} color="purple">
                      {g.name}
                    </Tag>
                  ))
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.asset')}>
              <span data-testid="drawer-asset">
                {locker.asset ? (
                  <Space size={4} wrap>
                    <Link to={pathTo('assetDetails', { id: locker.asset.id })}>{locker.asset.name}</Link>
                    {assetStatus.has(locker.asset.status) && (
                      <Tag>{t(assetStatus.labelKey(locker.asset.status) as 'assetStatus.STORED')}</Tag>
                    )}
                  </Space>
                ) : (
                  '—'
                )}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.rental')}>
              {locker.rental ? (
                <Space orientation="vertical" size={0}>
                  <span>
                    #{locker.rental.id} ·{' '}
                    {t(
                      locker.rental.status === 'active'
                        ? 'locations.locker.rentalActive'
                        : 'locations.locker.rentalPending',
                    )}
                  </span>
                  {locker.rental.endsAt && (
                    <Typography.Text type="secondary">
                      {t('locations.locker.rentalEnds')} {dayjs(locker.rental.endsAt).format('L LT')}
                    </Typography.Text>
                  )}
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.delivery')}>
              {locker.activeDelivery ? (
                <Space orientation="vertical" size={0}>
                  <span>
                    {t(deliveryType.labelKey(locker.activeDelivery.deliveryType) as 'deliveryType.PACKAGE')}
                    {locker.activeDelivery.packageId && locker.activeDelivery.orderId ? (
                      <>
                        {' · '}
                        <Link to={pathTo('orderDetails', { orderId: locker.activeDelivery.orderId })}>
                          {locker.activeDelivery.packageId}
                        </Link>
                      </>
                    ) : (
                      ''
                    )}
                  </span>
                  <Typography.Text type="secondary">
                    {t('locations.locker.storedAt')} <Since at={locker.activeDelivery.storedAt} />
                  </Typography.Text>
                </Space>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('locations.locker.expires')}>
              {locker.expirationDateTime ? dayjs(locker.expirationDateTime).format('L LT') : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Drawer>
  );
}
