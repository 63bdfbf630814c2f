import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { listSchedulesQuerySchema } from '@cacifo/contract/schemas/office';
import type { ListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useUserGroups } from '../api/get-user-groups';

/** The schedule list's filters: a name search, the group and the place. */
export function ScheduleFilters({ list }: { list: ListState<typeof listSchedulesQuerySchema> }) {
  const { t } = useTranslation();
  const { filters } = list;
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        key={filters.search ?? ''}
        allowClear
        defaultValue={filters.search}
        placeholder={t('office.common.search')}
        onSearch={(v) => list.setFilters({ search: v.trim() })}
        style={{ width: 240 }}
        data-testid="schedules-search"
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('office.schedules.filterGroup')}
        placeholder={t('office.schedules.filterGroup')}
        value={filters.groupId ? Number(filters.groupId) : undefined}
        onChange={(v?: number) => list.setFilters({ groupId: v })}
        style={{ width: 200 }}
        options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        data-testid="schedules-filter-group"
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('office.schedules.filterPlace')}
        placeholder={t('office.schedules.filterPlace')}
        value={filters.placeId ? Number(filters.placeId) : undefined}
        onChange={(v?: number) => list.setFilters({ placeId: v })}
        style={{ width: 200 }}
        options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
        data-testid="schedules-filter-place"
      />
    </Space>
  );
}
