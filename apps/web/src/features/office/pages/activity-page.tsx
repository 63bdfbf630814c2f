import { useState } from 'react';
import { Card, Segmented, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { activityQuerySchema, type ActivityEvent } from '@cacifo/contract/schemas/office';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { inRange, NumberInRange } from '@/components/number-in-range';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useActivity } from '../api/get-activity';
import { useActivityColumns } from '../components/activity-columns';

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

  const columns = useActivityColumns(kind);

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
