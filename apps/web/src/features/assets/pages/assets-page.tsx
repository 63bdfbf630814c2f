import { lazy, Suspense, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { listAssetsQuerySchema, type Asset } from '@cacifo/contract/schemas/assets';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useAssets } from '../api/get-assets';
import { useAssetColumns } from '../components/asset-columns';
import { AssetFilters } from '../components/asset-filters';
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
  const assets = useAssets(list.query);
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  const columns = useAssetColumns();

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
        <AssetFilters list={list} total={assets.data?.totalAssets} />
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
