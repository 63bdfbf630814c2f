import { useState } from 'react';
import { Card, Segmented, Select, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doorStatus, type DoorStatus } from '@cacifo/contract/codes/locker';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { activityQuerySchema, type ActivityEvent } from '@cacifo/contract/schemas/office';
import { accessReason } from '@cacifo/contract/codes/office';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { inRange, NumberInRange } from '@/components/number-in-range';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format-date';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useActivity } from '../api/get-activity';
import { pathTo } from '@cacifo/contract/route-paths';

const DOOR_COLOUR: Record<number, string> = {
  0: 'orange',
  2: 'green',
  1: 'red',
  3: 'red',
  11: 'red',
  255: 'default',
};

/** Door numbers of a location (placeInputSchema). */
const DOOR_NUMBER_MAX = 999;

/**
 * /activity: office door events, or kiosk attempts (granted and refused), on the list kit
 * (issue #22): location, user, door, days and outcome, the sort and the page in the URL; the
 * export has the filtered events in the list's order.
 */
export default function ActivityPage() {
  const { t } = useTranslation();
  const list = useListState(activityQuerySchema);
  const { filters } = list;
  const kind = filters.kind === 'access' ? 'access' : 'door';
  const places = usePlaces({ type: 'OFFICE' });
  // What is typed, kept even when out of range (the URL holds only a door the list can filter by).
  const [door, setDoor] = useState<number | null>(filters.doorNumber ? Number(filters.doorNumber) : null);
  const activity = useActivity(list.query);

  const columns: ListColumn<ActivityEvent>[] = [
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
            // The outcome filter is the kiosk's alone.
            onChange={(v) => list.setFilters({ kind: v === 'door' ? null : String(v), granted: null })}
            options={[
              { value: 'door', label: t('office.activity.doors') },
              { value: 'access', label: t('office.activity.kiosk') },
            ]}
            data-testid="activity-kind"
          />
          <Select<number>
            allowClear
            placeholder={t('office.users.location')}
            aria-label={t('office.users.location')}
            value={filters.placeId ? Number(filters.placeId) : undefined}
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            style={{ width: 180 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="activity-filter-place"
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
              if (v === null || inRange(v, 1, DOOR_NUMBER_MAX)) list.setFilters({ doorNumber: v });
            }}
          />
          <DateRangeFilter
            label={t('office.activity.dateRange')}
            value={filters.dateRange}
            onChange={(v) => list.setFilters({ dateRange: v })}
            testId="activity-filter-days"
          />
          {kind === 'access' && (
            <Select<string>
              allowClear
              placeholder={t('office.activity.outcome')}
              aria-label={t('office.activity.outcome')}
              value={filters.granted}
              onChange={(v?: string) => list.setFilters({ granted: v })}
              style={{ width: 180 }}
              options={[
                { value: '1', label: t('office.access.granted') },
                { value: '0', label: t('office.access.denied') },
              ]}
              data-testid="activity-filter-granted"
            />
          )}
          {filters.userId && (
            <Tag closable onClose={() => list.setFilters({ userId: null })}>
              {t('office.activity.user')} #{filters.userId}
            </Tag>
          )}
          <ExportButton
            endpoint={officeApi.exportActivity}
            filters={list.filterQuery}
            total={activity.data?.totalEvents}
            countKey="office.activity.count"
            testId="activity-export"
          />
        </Space>
        <ListTable<ActivityEvent, typeof activityQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={activity.data?.events}
          total={activity.data?.totalEvents}
          loading={activity.isLoading}
          error={activity.isError ? activity.error : undefined}
          countKey="office.activity.count"
          testId="activity-table"
          scrollX={800}
        />
      </Card>
    </>
  );
}
