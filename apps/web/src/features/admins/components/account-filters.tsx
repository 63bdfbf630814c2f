import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { role as roleCodes, type AccountRole } from '@cacifo/contract/roles';
import type { accountListQuerySchema } from '@cacifo/contract/schemas/admin';
import type { ListState } from '@/lib/list/use-list-state';

interface Props {
  list: ListState<typeof accountListQuerySchema>;
  /** The roles the list can hold (none: no role filter, as for store employees). */
  roles?: readonly AccountRole[];
}

/** The accounts lists' filters (issue #22): search, role, enabled; kept in the URL by the list kit. */
export function AccountFilters({ list, roles }: Props) {
  const { t } = useTranslation();
  const { filters } = list;
  return (
    <>
      <Input.Search
        key={filters.search ?? ''}
        allowClear
        defaultValue={filters.search}
        placeholder={t('admins.list.search')}
        aria-label={t('admins.list.search')}
        onSearch={(q) => list.setFilters({ search: q.trim() })}
        style={{ width: 260 }}
        data-testid="accounts-search"
      />
      {roles && (
        <Select
          allowClear
          placeholder={t('admins.fields.role')}
          aria-label={t('admins.fields.role')}
          value={filters.role}
          onChange={(v?: string) => list.setFilters({ role: v })}
          options={roles.map((r) => ({ value: r, label: t(roleCodes.labelKey(r)) }))}
          style={{ width: 160 }}
          data-testid="accounts-filter-role"
        />
      )}
      <Select
        value={filters.enabled ?? 'all'}
        aria-label={t('admins.fields.enabled')}
        onChange={(v: string) => list.setFilters({ enabled: v === 'all' ? null : v })}
        options={[
          { value: 'all', label: t('admins.list.anyState') },
          { value: '1', label: t('admins.list.enabledOnly') },
          { value: '0', label: t('admins.list.disabledOnly') },
        ]}
        style={{ width: 160 }}
        data-testid="accounts-filter-enabled"
      />
    </>
  );
}
