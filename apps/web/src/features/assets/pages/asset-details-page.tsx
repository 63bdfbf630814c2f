import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Skeleton, Table, Tabs } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import type { AssetLocker } from '@cacifo/contract/schemas/assets';
import { NotFoundResult } from '@/components/not-found-result';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAsset } from '../api/get-assets';
import { useAssetLogs } from '../api/get-asset-logs';
import { AssetLogsTable } from '../components/asset-logs-table';
import { AssetActions } from '../components/asset-actions';
import { AssetSummaryCard } from '../components/asset-summary-card';
import { pathTo } from '@cacifo/contract/route-paths';

// The dialogs (antd Form, zod) and the people tab (forms, selects) load after the asset is shown.
const AssetFormModal = lazy(() =>
  import('../components/asset-form-modal').then((m) => ({ default: m.AssetFormModal })),
);
const OpenStorageModal = lazy(() =>
  import('../components/open-storage-modal').then((m) => ({ default: m.OpenStorageModal })),
);
const AssetPeoplePanel = lazy(() =>
  import('../components/asset-people-panel').then((m) => ({ default: m.AssetPeoplePanel })),
);
// The KPI tab's charts load when the tab opens, not with the page.
const AssetKpisPanel = lazy(() =>
  import('../components/asset-kpis-panel').then((m) => ({ default: m.AssetKpisPanel })),
);

/** /assets/details/{id}: the asset, its lockers, categories, users, schedules, logs and KPIs. */
export default function AssetDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const session = useSession();
  const asset = useAsset(id);
  const logs = useAssetLogs(id, 100);
  const [editing, setEditing] = useState(false);
  const [storing, setStoring] = useState(false);
  const mayManage = !!session && can(session.userRole, 'assets.manage', session.modules);

  if (asset.isLoading) return <Skeleton active />;
  if (asset.isError || !asset.data) {
    return (
      <>
        <PageHeader routeId="assetDetails" />
        <NotFoundResult
          title={errorMessage(asset.error)}
          extra={<Link to={pathTo('assets')}>{t('assets.details.back')}</Link>}
        />
      </>
    );
  }
  const a = asset.data;

  const actions = mayManage && (
    <AssetActions asset={a} onEdit={() => setEditing(true)} onStore={() => setStoring(true)} />
  );

  return (
    <>
      <PageHeader routeId="assetDetails" extra={actions} />
      {a.warning && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t(
            a.warning === 'shouldBeDetected'
              ? 'assets.warning.shouldBeDetected'
              : 'assets.warning.shouldBeUndetected',
          )}
          description={t(
            a.warning === 'shouldBeDetected'
              ? 'assets.warning.shouldBeDetectedHelp'
              : 'assets.warning.shouldBeUndetectedHelp',
          )}
        />
      )}
      <AssetSummaryCard asset={a} />
      <Card>
        <Tabs
          items={[
            {
              key: 'kpis',
              label: t('assets.details.tabKpis'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <AssetKpisPanel assetId={a.id} />
                </Suspense>
              ),
            },
            {
              key: 'lockers',
              label: t('assets.details.tabLockers', { n: a.lockers.length }),
              children: (
                <Table<AssetLocker>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={a.lockers}
                  locale={{ emptyText: t('assets.details.noLockers') }}
                  columns={[
                    {
                      title: t('assets.details.place'),
                      dataIndex: 'placeName',
                      render: (n: string, l) => (
                        <Link to={pathTo('locationDetails', { id: l.placeId })}>{n}</Link>
                      ),
                    },
                    { title: t('assets.details.door'), dataIndex: 'doorNumber' },
                    { title: t('assets.fields.size'), dataIndex: 'size' },
                  ]}
                />
              ),
            },
            {
              key: 'people',
              label: t('assets.details.tabPeople', { n: a.retrievedBy.length }),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <AssetPeoplePanel asset={a} mayManage={mayManage} />
                </Suspense>
              ),
            },
            {
              key: 'logs',
              label: t('assets.details.tabLogs'),
              children: (
                <>
                  {logs.isError && <Alert type="error" showIcon message={errorMessage(logs.error)} />}
                  <AssetLogsTable
                    logs={logs.data ?? []}
                    loading={logs.isFetching}
                    showAsset={false}
                    pagination={{ pageSize: 20 }}
                  />
                </>
              ),
            },
          ]}
        />
      </Card>
      <Suspense fallback={null}>
        <AssetFormModal open={editing} asset={a} onClose={() => setEditing(false)} />
        <OpenStorageModal open={storing} asset={a} onClose={() => setStoring(false)} />
      </Suspense>
    </>
  );
}
