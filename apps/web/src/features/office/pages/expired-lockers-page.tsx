import { lazy, Suspense } from 'react';
import { Card, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { officeApi } from '@cacifo/contract/endpoints/office';
import {
  expiredLockersQuerySchema,
  type ExpiredLockersQuery,
  type OfficeLocker,
} from '@cacifo/contract/schemas/office';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useExpiredLockers } from '../api/get-expired-lockers';
import { useCan } from '@/lib/use-can';
import { useExpiredColumns } from '../components/expired-locker-columns';
import { useExpiredActions } from '../components/use-expired-actions';

// Loaded after the page: the two dialogs are not needed to show the list.
const ExtendMinutesDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ExtendMinutesDialog })),
);
const ReleaseLockerDialog = lazy(() =>
  import('../components/expired-locker-dialogs').then((m) => ({ default: m.ReleaseLockerDialog })),
);

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
  const x = useExpiredActions();
  const columns = useExpiredColumns(canManage, x);

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
          locker={x.minutesFor}
          pending={x.extending}
          onExtend={(l, minutes) => void x.doExtend({ lockerId: l.id, minutes })}
          onClose={() => x.setMinutesFor(null)}
        />
        <ReleaseLockerDialog locker={x.releaseFor} onClose={() => x.setReleaseFor(null)} />
      </Suspense>
    </>
  );
}
