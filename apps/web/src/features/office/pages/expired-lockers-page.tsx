import { lazy, Suspense, useState } from 'react';
import { Button, Card, Dropdown, Input, Select, Space, Tag } from 'antd';
import { ClockCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/pt';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXTENSION_HOURS } from '@cacifo/contract/codes/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import {
  expiredLockersQuerySchema,
  type ExpiredLockersQuery,
  type ExtendLockerRequest,
  type OfficeLocker,
} from '@cacifo/contract/schemas/office';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format-date';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useExtendLocker } from '../api/extend-locker';
import { useExpiredLockers } from '../api/get-expired-lockers';
import { useCan } from '@/lib/use-can';
import { pathTo } from '@cacifo/contract/route-paths';

// Loaded after the page: the two dialogs are not needed to show the list.
const ExtendMinutesDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ExtendMinutesDialog })),
);
const ReleaseLockerDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ReleaseLockerDialog })),
);

dayjs.extend(relativeTime);

/**
 * /expired-lockers on the list kit (issue #22): office lockers past their time, by location and
 * user name, sorted on the server, filters in the URL, exported as .xlsx or .csv; extend (1-5 h,
 * minutes, end of today) or release (PIN). What a change says is the mutations' own (ADR 0060).
 */
export default function ExpiredLockersPage() {
  const { t } = useTranslation();
  const canManage = useCan();
  const list = useListState(expiredLockersQuerySchema);
  const { filters } = list;
  const expired = useExpiredLockers(list.filterQuery as ExpiredLockersQuery);
  const places = usePlaces({ type: 'OFFICE' });
  const extend = useExtendLocker();
  const [minutesFor, setMinutesFor] = useState<OfficeLocker | null>(null);
  const [releaseFor, setReleaseFor] = useState<OfficeLocker | null>(null);

  const doExtend = async (req: ExtendLockerRequest) => {
    if (extend.isPending) return;
    await extend.mutateAsync(req).then(
      () => setMinutesFor(null),
      () => undefined,
    );
  };
  const columns: ListColumn<OfficeLocker>[] = [
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
            render: (_: unknown, l: OfficeLocker) => (
              <Space wrap>
                <Dropdown
                  disabled={extend.isPending}
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
                  <Button
                    icon={<ClockCircleOutlined />}
                    loading={extend.isPending && extend.variables?.lockerId === l.id}
                    data-testid={`extend-${l.id}`}
                  >
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
      <PageHeader
        routeId="expiredLockers"
        extra={
          <ExportButton
            endpoint={officeApi.exportExpiredLockers}
            filters={list.filterQuery}
            total={expired.data?.length}
            countKey="office.expired.count"
            testId="expired-export"
          />
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={filters.search ?? ''}
            allowClear
            defaultValue={filters.search}
            placeholder={t('office.expired.search')}
            aria-label={t('office.expired.search')}
            onSearch={(v) => list.setFilters({ search: v.trim() })}
            style={{ width: 260 }}
            data-testid="expired-search"
          />
          <Select
            allowClear
            aria-label={t('office.users.location')}
            placeholder={t('office.users.location')}
            value={filters.placeId ? Number(filters.placeId) : undefined}
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            style={{ width: 200 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="expired-filter-place"
          />
        </Space>
        <ListTable<OfficeLocker, typeof expiredLockersQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={expired.data}
          total={expired.data?.length}
          loading={expired.isFetching && !expired.data}
          error={expired.isError ? expired.error : undefined}
          countKey="office.expired.count"
          emptyText={t('office.expired.empty')}
          scrollX={800}
          testId="expired-table"
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
