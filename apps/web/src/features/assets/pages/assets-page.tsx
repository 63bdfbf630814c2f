import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS, assetStatus } from '@cacifo/contract/codes/asset';
import { can } from '@cacifo/contract/permissions';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAssetCategories } from '../api/asset-categories';
import { useAssets } from '../api/get-assets';
import { AssetStatusTag, CategoryIcon, TagStatusTag, WarningTag } from '../components/asset-labels';

const PAGE_SIZES = [10, 25, 50, 100];

// Loaded after the page: the dialog's form code is not needed to show the list.
const AssetFormModal = lazy(() =>
  import('../components/asset-form-modal').then((m) => ({ default: m.AssetFormModal })),
);

/** /assets: server-paged list; search, status, category, warnings, page and size live in the URL. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const pageSize = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const categoryId = Number(params.get('category')) || undefined;
  const warning = params.get('warning') === '1' ? '1' : undefined;
  const assets = useAssets({
    max_results: pageSize,
    offset: (page - 1) * pageSize,
    search: search || undefined,
    status: status || undefined,
    categoryId,
    warning,
  });
  const categories = useAssetCategories();
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<Asset> = [
    {
      title: t('assets.fields.name'),
      dataIndex: 'name',
      render: (name: string, a) => (
        <Link to={`/assets/details/${a.id}`} data-testid={`asset-link-${a.id}`}>
          {name}
        </Link>
      ),
    },
    { title: t('assets.fields.tag'), dataIndex: 'tag', render: (tag: string) => <code>{tag}</code> },
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
            allowClear
            defaultValue={search}
            placeholder={t('assets.list.searchPlaceholder')}
            aria-label={t('assets.list.searchPlaceholder')}
            onSearch={(v) => update({ q: v.trim() })}
            style={{ width: 260 }}
            data-testid="assets-search"
          />
          <Select
            allowClear
            placeholder={t('assets.fields.status')}
            aria-label={t('assets.fields.status')}
            value={status ? status.split(',').map(Number) : []}
            mode="multiple"
            style={{ minWidth: 200 }}
            onChange={(v: number[]) => update({ status: v.join(',') })}
            options={Object.values(ASSET_STATUS).map((s) => ({
              value: s,
              label: t(assetStatus.labelKey(s) as 'assetStatus.CREATED'),
            }))}
          />
          <Select
            allowClear
            placeholder={t('assets.fields.category')}
            aria-label={t('assets.fields.category')}
            value={categoryId}
            style={{ minWidth: 180 }}
            onChange={(v?: number) => update({ category: v ? String(v) : null })}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select
            value={warning ?? 'all'}
            aria-label={t('assets.fields.warning')}
            style={{ minWidth: 180 }}
            onChange={(v: string) => update({ warning: v === '1' ? '1' : null })}
            options={[
              { value: 'all', label: t('assets.list.allAssets') },
              { value: '1', label: t('assets.list.withWarnings') },
            ]}
          />
        </Space>
        {assets.isError && (
          <Alert type="error" showIcon message={errorMessage(assets.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<Asset>
          rowKey="id"
          size="middle"
          loading={assets.isFetching}
          columns={columns}
          dataSource={assets.data?.assets ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('assets.list.empty') }}
          onRow={(a) => ({ onDoubleClick: () => void navigate(`/assets/details/${a.id}`) })}
          pagination={{
            current: page,
            pageSize,
            total: assets.data?.totalAssets ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('assets.list.total', { count: total }),
            onChange: (p, s) => update({ page: String(p), size: String(s) }),
          }}
          data-testid="assets-table"
        />
      </Card>
      <Suspense fallback={null}>
        <AssetFormModal
          open={creating}
          onClose={(saved) => {
            setCreating(false);
            if (saved) void navigate(`/assets/details/${saved.id}`);
          }}
        />
      </Suspense>
    </>
  );
}
