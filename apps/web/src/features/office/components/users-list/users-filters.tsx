import { Input, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { userType } from '@cacifo/contract/codes/office';
import type { UsersPage } from './use-users-page';

/** Search, enabled, type, group and location: each kept in the URL by the list state. */
export function UsersFilters({ page }: { page: UsersPage }) {
  const { t } = useTranslation();
  const { list, groups, places } = page;
  const { filters } = list;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        key={filters.search ?? ''}
        allowClear
        defaultValue={filters.search}
        placeholder={t('office.users.search')}
        onSearch={(q) => list.setFilters({ search: q.trim() })}
        style={{ width: 240 }}
        data-testid="users-search"
      />
      <Segmented
        value={filters.enabled ?? 'all'}
        onChange={(v) => list.setFilters({ enabled: v === 'all' ? null : String(v) })}
        options={[
          { value: 'all', label: t('office.common.all') },
          { value: '1', label: t('office.users.enabledOnly') },
          { value: '0', label: t('office.users.disabledOnly') },
        ]}
        data-testid="users-filter-enabled"
      />
      <Select
        allowClear
        aria-label={t('office.fields.userType')}
        placeholder={t('office.fields.userType')}
        value={filters.userType}
        onChange={(v?: string) => list.setFilters({ userType: v })}
        style={{ width: 150 }}
        options={userType.values.map((v) => ({
          value: v,
          label: t(userType.labelKey(v)),
        }))}
        data-testid="users-filter-type"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('office.users.group')}
        placeholder={t('office.users.group')}
        value={filters.groupId ? Number(filters.groupId) : undefined}
        onChange={(v?: number) => list.setFilters({ groupId: v })}
        style={{ width: 180 }}
        options={groups.map((g) => ({ value: g.id, label: g.name }))}
        data-testid="users-filter-group"
      />
      <Select
        allowClear
        aria-label={t('office.users.location')}
        placeholder={t('office.users.location')}
        value={filters.placeId ? Number(filters.placeId) : undefined}
        onChange={(v?: number) => list.setFilters({ placeId: v })}
        style={{ width: 180 }}
        options={places.map((p) => ({ value: p.id, label: p.name }))}
      />
    </Space>
  );
}
