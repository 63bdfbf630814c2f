import { lazy, Suspense, useState } from 'react';
import { Alert, App, Button, Card, Dropdown, Space, Table, Tag, type TableColumnsType } from 'antd';
import { ClockCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/pt';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXTENSION_HOURS } from '@cacifo/contract/codes/office';
import type { ExtendLockerRequest, OfficeLocker } from '@cacifo/contract/schemas/office';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useExtendLocker } from '../api/extend-locker';
import { useExpiredLockers } from '../api/get-expired-lockers';
import { useCan } from '../components/use-can-manage';

// Loaded after the page: the two dialogs are not needed to show the list.
const ExtendMinutesDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ExtendMinutesDialog })),
);
const ReleaseLockerDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ReleaseLockerDialog })),
);

dayjs.extend(relativeTime);

/** /expired-lockers: office lockers past their time; extend (1-5 h, minutes, end of today) or release (PIN). */
export default function ExpiredLockersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canManage = useCan();
  const expired = useExpiredLockers();
  const extend = useExtendLocker();
  const [minutesFor, setMinutesFor] = useState<OfficeLocker | null>(null);
  const [releaseFor, setReleaseFor] = useState<OfficeLocker | null>(null);

  const doExtend = async (req: ExtendLockerRequest) => {
    try {
      await extend.mutateAsync(req);
      void message.success(t('office.expired.extended'));
      setMinutesFor(null);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  const columns: TableColumnsType<OfficeLocker> = [
    { title: t('office.users.location'), dataIndex: 'placeName' },
    {
      title: t('office.activity.door'),
      dataIndex: 'doorNumber',
      render: (v: number, l) => `#${v} (${l.size})`,
    },
    {
      title: t('office.users.title'),
      key: 'users',
      render: (_: unknown, l) => (
        <Space size={4} wrap>
          {l.locker_users.map((u) => (
            <Link key={u.id} to={`/office-users/details/${u.id}`}>
              <Tag>{u.name}</Tag>
            </Link>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.expired.expiredAt'),
      dataIndex: 'expiration_date_time',
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
            render: (_: unknown, l: OfficeLocker) => (
              <Space wrap>
                <Dropdown
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
                      if (key === 'minutes') setMinutesFor(l);
                      else if (key === 'eod') void doExtend({ lockerId: l.id, untilEndOfToday: true });
                      else void doExtend({ lockerId: l.id, hours: Number(key.slice(1)) });
                    },
                  }}
                >
                  <Button icon={<ClockCircleOutlined />} data-testid={`extend-${l.id}`}>
                    {t('office.expired.extend')}
                  </Button>
                </Dropdown>
                <Button
                  danger
                  icon={<UnlockOutlined />}
                  onClick={() => setReleaseFor(l)}
                  data-testid={`release-${l.id}`}
                >
                  {t('office.expired.release')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader routeId="expiredLockers" />
      <Card>
        {expired.isError && (
          <Alert type="error" showIcon title={errorMessage(expired.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<OfficeLocker>
          rowKey="id"
          columns={columns}
          dataSource={expired.data ?? []}
          loading={expired.isLoading}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('office.expired.empty') }}
          pagination={false}
        />
      </Card>
      <Suspense fallback={null}>
        <ExtendMinutesDialog
          locker={minutesFor}
          pending={extend.isPending}
          onExtend={(l, minutes) => void doExtend({ lockerId: l.id, minutes })}
          onClose={() => setMinutesFor(null)}
        />
        <ReleaseLockerDialog locker={releaseFor} onClose={() => setReleaseFor(null)} />
      </Suspense>
    </>
  );
}
