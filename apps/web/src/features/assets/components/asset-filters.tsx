import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS, assetStatus } from '@cacifo/contract/codes/asset';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import type { listAssetsQuerySchema } from '@cacifo/contract/schemas/assets';
import { ExportButton } from '@/components/list/export-button';
import type { ListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useAssetCategories } from '../api/asset-categories';
import { useUserGroups } from '../api/get-office-refs';

interface Props {
  list: ListState<typeof listAssetsQuerySchema>;
  /** The list's total, for the export's count. */
  total: number | undefined;
}

/** The asset list's filters (search, status, category, place, group, enabled, warnings) and its export. */
export function AssetFilters({ list, total }: Props) {
  const { t } = useTranslation();
  const { filters } = list;
  const categories = useAssetCategories();
  const places = usePlaces();
  const groups = useUserGroups();
  return (
    <Space wrap className="assets-filters" style={{ marginBottom: 16 }}>
      <Input.Search
        key={filters.search ?? ''}
        allowClear
        defaultValue={filters.search}
        placeholder={t('assets.list.searchPlaceholder')}
        aria-label={t('assets.list.searchPlaceholder')}
        onSearch={(v) => list.setFilters({ search: v.trim() })}
        style={{ width: 260 }}
        data-testid="assets-search"
      />
      <Select
        allowClear
        placeholder={t('assets.fields.status')}
        aria-label={t('assets.fields.status')}
        value={filters.status ? filters.status.split(',').map(Number) : []}
        mode="multiple"
        style={{ minWidth: 200 }}
        onChange={(v: number[]) => list.setFilters({ status: v.join(',') })}
        options={Object.values(ASSET_STATUS).map((s) => ({
          value: s,
          label: t(assetStatus.labelKey(s)),
        }))}
        data-testid="assets-filter-status"
      />
      <Select<number>
        allowClear
        placeholder={t('assets.fields.category')}
        aria-label={t('assets.fields.category')}
        value={filters.categoryId ? Number(filters.categoryId) : undefined}
        style={{ minWidth: 180 }}
        onChange={(v?: number) => list.setFilters({ categoryId: v })}
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('assets.fields.place')}
        aria-label={t('assets.fields.place')}
        value={filters.placeId ? Number(filters.placeId) : undefined}
        style={{ minWidth: 180 }}
        onChange={(v?: number) => list.setFilters({ placeId: v })}
        options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
        data-testid="assets-filter-place"
      />
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('assets.fields.group')}
        aria-label={t('assets.fields.group')}
        value={filters.groupId ? Number(filters.groupId) : undefined}
        style={{ minWidth: 200 }}
        onChange={(v?: number) => list.setFilters({ groupId: v })}
        options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
        data-testid="assets-filter-group"
      />
      <Select<string>
        allowClear
        placeholder={t('assets.fields.enabled')}
        aria-label={t('assets.fields.enabled')}
        value={filters.enabled}
        style={{ minWidth: 140 }}
        onChange={(v?: string) => list.setFilters({ enabled: v })}
        options={[
          { value: '1', label: t('assets.list.enabledOnly') },
          { value: '0', label: t('assets.list.disabledOnly') },
        ]}
        data-testid="assets-filter-enabled"
      />
      <Select
        value={filters.warning === '1' ? '1' : 'all'}
        aria-label={t('assets.fields.warning')}
        style={{ minWidth: 180 }}
        onChange={(v: string) => list.setFilters({ warning: v === '1' ? '1' : null })}
        options={[
          { value: 'all', label: t('assets.list.allAssets') },
          { value: '1', label: t('assets.list.withWarnings') },
        ]}
      />
      <ExportButton
        endpoint={assetsApi.exportAssets}
        filters={list.filterQuery}
        total={total}
        countKey="assets.list.count"
        testId="assets-export"
      />
    </Space>
  );
}
