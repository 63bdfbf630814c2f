import { useState } from 'react';
import { Alert, Card, Segmented, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doorStatus, type DoorStatus } from '@cacifo/contract/codes/locker';
import type { ActivityEvent } from '@cacifo/contract/schemas/office';
import { accessReason } from '@cacifo/contract/codes/office';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { inRange, NumberInRange } from '@/components/number-in-range';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { usePlaces } from '@/lib/queries/locations';
import { useActivity } from '../api/get-activity';
import { useUrlParams } from '../components/use-url-params';

const DOOR_COLOUR: Record<number, string> = {
  0: 'orange',
  2: 'green',
  1: 'red',
  3: 'red',
  11: 'red',
  255: 'default',
};

/** /activity: office door events, or kiosk attempts (granted and refused), with filters in the URL. */
/** Door numbers of a location (placeInputSchema). */
const DOOR_NUMBER_MAX = 999;

export default function ActivityPage() {
  const { t } = useTranslation();
  const { params, update, num } = useUrlParams();
  const kind = params.get('kind') === 'access' ? 'access' : 'door';
  const page = num('page') ?? 1;
  const pageSize = num('size') ?? 25;
  const from = params.get('from');
  const to = params.get('to');
  const places = usePlaces({ type: 'OFFICE' });
  // What is typed, kept even when out of range (the URL holds only a door the list can filter by).
  const [door, setDoor] = useState<number | null>(num('door') ?? null);
  const activity = useActivity({
    kind,
    max_results: pageSize,
    offset: (page - 1) * pageSize,
    placeId: num('place'),
    userId: num('user'),
    doorNumber: num('door'),
    dateRange: from && to ? `${from}|${to}` : undefined,
  });

  const columns: TableColumnsType<ActivityEvent> = [
    {
      title: t('office.activity.when'),
      dataIndex: 'at',
      render: (v: string) => formatDateTime(v),
    },
    { title: t('office.users.location'), dataIndex: 'placeName' },
    {
      title: t('office.activity.door'),
      dataIndex: 'doorNumber',
      render: (v: number | null) => (v ? `#${v}` : '—'),
    },
    {
      title: t('office.activity.user'),
      key: 'user',
      render: (_: unknown, e) =>
        e.userId ? (
          <Link to={`/office-users/details/${e.userId}`}>{e.userName ?? `#${e.userId}`}</Link>
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
                  {doorStatus.has(e.doorStatus)
                    ? t(doorStatus.labelKey(e.doorStatus as DoorStatus) as 'doorStatus.OPEN')
                    : e.doorStatus}
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
              {e.reason && accessReason.has(e.reason) && (
                <span>{t(accessReason.labelKey(e.reason) as 'accessReason.NO_LOCKER')}</span>
              )}
              {e.credential && <Tag>{t(`office.fields.${e.credential}`)}</Tag>}
            </Space>
          ),
        },
  ];

  return (
    <>
      <PageHeader routeId="activity" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented
            value={kind}
            onChange={(v) => update({ kind: v === 'door' ? null : String(v), page: null })}
            options={[
              { value: 'door', label: t('office.activity.doors') },
              { value: 'access', label: t('office.activity.kiosk') },
            ]}
            data-testid="activity-kind"
          />
          <Select
            allowClear
            placeholder={t('office.users.location')}
            aria-label={t('office.users.location')}
            value={num('place')}
            onChange={(v?: number) => update({ place: v, page: null })}
            style={{ width: 180 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <NumberInRange
            min={1}
            max={DOOR_NUMBER_MAX}
            label={t('office.activity.door')}
            placeholder={t('office.activity.door')}
            error={t('validation.doorNumber')}
            value={door}
            onChange={(v) => {
              setDoor(v);
              // A door out of range filters nothing: the field says why and the list stays.
              if (v === null || inRange(v, 1, DOOR_NUMBER_MAX)) update({ door: v, page: null });
            }}
          />
          <LazyRangePicker
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(r) =>
              update({
                from: r?.[0]?.format('YYYY-MM-DD') ?? null,
                to: r?.[1]?.format('YYYY-MM-DD') ?? null,
                page: null,
              })
            }
          />
          {num('user') && (
            <Tag closable onClose={() => update({ user: null })}>
              {t('office.activity.user')} #{num('user')}
            </Tag>
          )}
        </Space>
        {activity.isError && (
          <Alert type="error" showIcon title={errorMessage(activity.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<ActivityEvent>
          rowKey="id"
          columns={columns}
          dataSource={activity.data?.events ?? []}
          loading={activity.isLoading}
          scroll={{ x: 800 }}
          pagination={{
            current: page,
            pageSize,
            total: activity.data?.totalEvents ?? 0,
            showSizeChanger: true,
            showTotal: (n) => t('office.common.total', { count: n }),
            onChange: (p, s) => update({ page: p > 1 ? p : null, size: s !== 25 ? s : null }),
          }}
        />
      </Card>
    </>
  );
}
