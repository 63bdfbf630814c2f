import { Descriptions, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { assetStatus } from '@cacifo/contract/codes/asset';
import { deliveryType, doorStatus, lockerEnabled, lockerStatus } from '@cacifo/contract/codes/locker';
import { isLockerAvailable, tileInput } from '@cacifo/contract/locker-tile';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { pathTo } from '@cacifo/contract/route-paths';
import { useMinuteClock } from './use-clock';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

function Since({ at }: { at: string | null }) {
  useMinuteClock();
  if (!at) return <>—</>;
  return <span title={dayjs(at).format('L LTS')}>{dayjs(at).fromNow()}</span>;
}

/** What one locker holds and says: status, door, users, groups, asset, rental, delivery, expiry. */
export function LockerDetails({ locker }: { locker: LockerView }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('locations.locker.size')}>{locker.size}</Descriptions.Item>
      <Descriptions.Item label={t('locations.locker.status')}>
        {t(lockerStatus.labelKey(locker.status))}
        {isLockerAvailable(tileInput(locker)) && (
          <Tag color="green" style={{ marginInlineStart: 8 }}>
            {t('locations.tile.state.available')}
          </Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('locations.locker.doorStatus')}>
        <span data-testid="drawer-door-status">
          {doorStatus.has(locker.doorStatus) ? t(doorStatus.labelKey(locker.doorStatus)) : locker.doorStatus}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('locations.locker.doorSince')}>
        <Since at={locker.doorStatusUpdatedAt} />
      </Descriptions.Item>
      <Descriptions.Item label={t('locations.locker.enabled')}>
        {lockerEnabled.has(locker.enabled) ? t(lockerEnabled.labelKey(locker.enabled)) : locker.enabled}
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
                <Tag>{t(assetStatus.labelKey(locker.asset.status))}</Tag>
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
              {t(deliveryType.labelKey(locker.activeDelivery.deliveryType))}
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
  );
}
