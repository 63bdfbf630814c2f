import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS, assetStatus } from '@cacifo/contract/codes/asset';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { can } from '@cacifo/contract/permissions';
import { listAssetsQuerySchema, type Asset } from '@cacifo/contract/schemas/assets';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { useAssetCategories } from '../api/asset-categories';
import { useAssets } from '../api/get-assets';
import { useUserGroups } from '../api/get-office-refs';
import { AssetStatusTag, CategoryIcon, TagStatusTag, WarningTag } from '../components/asset-labels';
import { pathTo } from '@cacifo/contract/route-paths';

// Loaded after the page: the dialog's form code is not needed to show the list.
const AssetFormModal = lazy(() =>
  import('../components/asset-form-modal').then((m) => ({ default: m.AssetFormModal })),
);

/** /assets: server-paged list; search, status, category, warnings, page and size live in the URL. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = useListState(listAssetsQuerySchema);
  const { filters } = list;
  const assets = useAssets(list.query);
  const categories = useAssetCategories();
  const places = usePlaces();
  const groups = useUserGroups();
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  const columns: ListColumn<Asset>[] = [
    {
      title: t('assets.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string, a) => (
        <Link to={pathTo('assetDetails', { id: a.id })} data-testid={`asset-link-${a.id}`}>
          {name}
        </Link>
      ),
    },
    {
      title: t('assets.fields.tag'),
      dataIndex: 'tag',
      sortKey: 'tag',
      render: (tag: string) => <code>{tag}</code>,
    },
    {
      title: t('assets.fields.categories'),
      dataIndex: 'categories',
      render: (cats: Asset['categories']) =>
        cats.map((c) => (
          <Tag key={c.id} icon={<CategoryIcon icon={c.icon} />}>
            {c.name}
          </Tag>
        )),
    },
    {
      title: t('assets.fields.status'),
      dataIndex: 'status',
      sortKey: 'status',
      render: (s: Asset['status'], a) => (
        <Space size={4} wrap>
          <AssetStatusTag status={s} />
          {a.enabled === 0 && <Tag>{t('assets.common.disabled')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('assets.fields.tagStatus'),
      dataIndex: 'tagStatus',
      render: (v: number) => <TagStatusTag value={v} />,
    },
    { title: t('assets.fields.container'), dataIndex: 'container', render: (c: string | null) => c ?? '—' },
    {
      title: t('assets.fields.warning'),
      dataIndex: 'warning',
      render: (w: string | null) => <WarningTag kind={w} />,
    },
    {
      title: t('assets.fields.statusChangeAt'),
      dataIndex: 'statusChangeAt',
      sortKey: 'statusChangeAt',
      responsive: ['xl'],
      render: (v: string) => formatDateTime(v),
    },
  ];

  return (
    <>
      <PageHeader
        routeId="assets"
        extra={
          mayManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="new-asset"
            >
              {t('assets.list.new')}
            </Button>
          )
        }
      />
      <Card>
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
              label: t(assetStatus.labelKey(s) as 'assetStatus.CREATED'),
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
            total={assets.data?.totalAssets}
            countKey="assets.list.count"
            testId="assets-export"
          />
        </Space>
        <ListTable<Asset, typeof listAssetsQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={assets.data?.assets}
          total={assets.data?.totalAssets}
          loading={assets.isFetching}
          error={assets.isError ? assets.error : undefined}
          countKey="assets.list.count"
          testId="assets-table"
          scrollX={900}
          emptyText={t('assets.list.empty')}
          onRow={(a) => ({ onDoubleClick: () => void navigate(pathTo('assetDetails', { id: a.id })) })}
        />
      </Card>
      <Suspense fallback={null}>
        <AssetFormModal
          open={creating}
          onClose={(saved) => {
            setCreating(false);
            if (saved) void navigate(pathTo('assetDetails', { id: saved.id }));
          }}
        />
      </Suspense>
    </>
  );
}
