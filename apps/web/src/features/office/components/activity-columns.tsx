import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doorStatus } from '@cacifo/contract/codes/locker';
import type { ActivityEvent } from '@cacifo/contract/schemas/office';
import { accessReason } from '@cacifo/contract/codes/office';
import type { ListColumn } from '@/components/list/list-table';
import { formatDateTime } from '@/lib/format-date';
import { pathTo } from '@cacifo/contract/route-paths';

const DOOR_COLOUR: Record<number, string> = {
  0: 'orange',
  2: 'green',
  1: 'red',
  3: 'red',
  11: 'red',
  255: 'default',
};

/** The activity list's columns: when, place, door, user, and the door's event or the kiosk's outcome. */
export function useActivityColumns(kind: 'door' | 'access'): ListColumn<ActivityEvent>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('office.activity.when'),
      dataIndex: 'at',
      sortKey: 'at',
      render: (v: string) => formatDateTime(v),
    },
    { title: t('office.users.location'), dataIndex: 'placeName' },
    {
      title: t('office.activity.door'),
      dataIndex: 'doorNumber',
      sortKey: 'doorNumber',
      render: (v: number | null) => (v ? `#${v}` : '—'),
    },
    {
      title: t('office.activity.user'),
      key: 'user',
      render: (_: unknown, e) =>
        e.userId ? (
          <Link to={pathTo('officeUserDetails', { id: e.userId })}>{e.userName ?? `#${e.userId}`}</Link>
        ) : (
          (e.adminName ?? '—')
        ),
    },
    kind === 'door'
      ? {
          title: t('office.activity.event'),
          key: 'event',
          render: (_: unknown, e: ActivityEvent) =>
            e.doorStatus === null ? (
              '—'
            ) : (
              <Space size={4}>
                <Tag color={DOOR_COLOUR[e.doorStatus]}>
                  {doorStatus.has(e.doorStatus) ? t(doorStatus.labelKey(e.doorStatus)) : e.doorStatus}
                </Tag>
                {e.commanded ? <Tag>{t('office.activity.commanded')}</Tag> : null}
              </Space>
            ),
        }
      : {
          title: t('office.activity.result'),
          key: 'result',
          render: (_: unknown, e: ActivityEvent) => (
            <Space size={4}>
              {e.granted ? (
                <Tag color="green">{t('office.access.granted')}</Tag>
              ) : (
                <Tag color="red">{t('office.access.denied')}</Tag>
              )}
              {e.reason && accessReason.has(e.reason) && <span>{t(accessReason.labelKey(e.reason))}</span>}
              {e.credential && <Tag>{t(`office.fields.${e.credential}`)}</Tag>}
            </Space>
          ),
        },
  ];
}
