import { Button, Dropdown, Space, Tag } from 'antd';
import { ClockCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/pt';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXTENSION_HOURS } from '@cacifo/contract/codes/office';
import type { OfficeLocker } from '@cacifo/contract/schemas/office';
import type { ListColumn } from '@/components/list/list-table';
import { formatDateTime } from '@/lib/format-date';
import { pathTo } from '@cacifo/contract/route-paths';
import type { ExpiredActions } from './use-expired-actions';

dayjs.extend(relativeTime);

/** The expired list's columns: place, door, users, when it expired, and extend/release for a manager. */
export function useExpiredColumns(canManage: boolean, x: ExpiredActions): ListColumn<OfficeLocker>[] {
  const { t } = useTranslation();
  return [
    { title: t('office.users.location'), dataIndex: 'placeName', sortKey: 'place' },
    {
      title: t('office.activity.door'),
      dataIndex: 'doorNumber',
      sortKey: 'door',
      render: (v: number, l) => `#${v} (${l.size})`,
    },
    {
      title: t('office.users.title'),
      key: 'users',
      render: (_: unknown, l) => (
        <Space size={4} wrap>
          {l.locker_users.map((u) => (
            <Link key={u.id} to={pathTo('officeUserDetails', { id: u.id })}>
              <Tag>{u.name}</Tag>
            </Link>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.expired.expiredAt'),
      dataIndex: 'expiration_date_time',
      sortKey: 'expiredAt',
      render: (v: string) => (
        <Space orientation="vertical" size={0}>
          <Tag color="red">{dayjs(v).fromNow()}</Tag>
          <span className="cell-secondary">{formatDateTime(v)}</span>
        </Space>
      ),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, l: OfficeLocker) => <ExpiredLockerActions locker={l} x={x} />,
          },
        ]
      : []),
  ];
}

/** A row's extend (1-5 h, minutes, end of today) and release. */
function ExpiredLockerActions({ locker: l, x }: { locker: OfficeLocker; x: ExpiredActions }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Dropdown
        disabled={x.extending}
        menu={{
          items: [
            ...EXTENSION_HOURS.map((h) => ({
              key: `h${h}`,
              label: t('office.expired.hours', { count: h }),
            })),
            { key: 'minutes', label: t('office.expired.minutes') },
            { key: 'eod', label: t('office.expired.endOfToday') },
          ],
          onClick: ({ key }) => {
            if (key === 'minutes') x.setMinutesFor(l);
            else if (key === 'eod') void x.doExtend({ lockerId: l.id, untilEndOfToday: true });
            else void x.doExtend({ lockerId: l.id, hours: Number(key.slice(1)) });
          },
        }}
      >
        <Button
          icon={<ClockCircleOutlined />}
          loading={x.extendingId === l.id}
          data-testid={`extend-${l.id}`}
        >
          {t('office.expired.extend')}
        </Button>
      </Dropdown>
      <Button
        danger
        icon={<UnlockOutlined />}
        onClick={() => x.setReleaseFor(l)}
        data-testid={`release-${l.id}`}
      >
        {t('office.expired.release')}
      </Button>
    </Space>
  );
}
