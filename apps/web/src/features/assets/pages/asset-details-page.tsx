import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { EditOutlined, ExportOutlined, ImportOutlined, PoweroffOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS } from '@cacifo/contract/codes/asset';
import { can } from '@cacifo/contract/permissions';
import type { AssetLocker } from '@cacifo/contract/schemas/assets';
import { NotFoundResult } from '@/components/not-found-result';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/form-submit';
import { useSession } from '@/lib/session';
import { useAsset } from '../api/get-assets';
import { useAssetLogs } from '../api/get-asset-logs';
import { useDeleteAsset, useOpenAssetDoor, useSetAssetEnabled } from '../api/save-asset';
import { AssetLogsTable } from '../components/asset-logs-table';
import {
  AssetStatusTag,
  CategoryIcon,
  formatDateTime,
  TagStatusTag,
  WarningTag,
} from '../components/asset-labels';
import { DeleteButton } from '@/components/list/delete-button';
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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const session = useSession();
  const asset = useAsset(id);
  const logs = useAssetLogs(id, 100);
  const [editing, setEditing] = useState(false);
  const [storing, setStoring] = useState(false);
  const setEnabled = useSetAssetEnabled();
  const openDoor = useOpenAssetDoor();
  const remove = useDeleteAsset();
  // A button outside a confirmation sends once however fast the clicks (the loading shows after a render).
  const enable = useSingleFlight((assetId: number) => setEnabled.mutateAsync({ assetId, enabled: true }));
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
  // What each action says is its mutation's meta; the promise keeps a confirmation loading.
  const run = (p: Promise<unknown>) => p.catch(() => undefined);
  // While open for retrieval the door can be opened again; the same for storage.
  const stored = a.status === ASSET_STATUS.STORED || a.status === ASSET_STATUS.OPEN_FOR_RETRIEVAL;

  const actions = mayManage && (
    <Space wrap>
      <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
        {t('assets.details.edit')}
      </Button>
      {stored ? (
        <Popconfirm
          title={t('assets.details.openRetrievalConfirm')}
          okText={t('assets.common.yes')}
          cancelText={t('assets.common.no')}
          onConfirm={() => run(openDoor.mutateAsync({ assetId: a.id, purpose: 'retrieval' }))}
        >
          <Button
            icon={<ExportOutlined />}
            disabled={a.enabled === 0}
            loading={openDoor.isPending}
            data-testid="open-retrieval"
          >
            {t('assets.details.openRetrieval')}
          </Button>
        </Popconfirm>
      ) : (
        <Button
          icon={<ImportOutlined />}
          disabled={a.enabled === 0}
          onClick={() => setStoring(true)}
          data-testid="open-storage"
        >
          {t('assets.details.openStorage')}
        </Button>
      )}
      {a.enabled === 0 ? (
        <Button
          icon={<PoweroffOutlined />}
          loading={setEnabled.isPending}
          onClick={() => void enable.run(a.id)}
          data-testid="toggle-enabled"
        >
          {t('assets.details.enable')}
        </Button>
      ) : (
        // Disabling stops every storage and retrieval, the kiosk's too: asked first.
        <Popconfirm
          title={t('assets.details.disableConfirm', { name: a.name })}
          description={t('assets.details.disableHelp')}
          okText={t('assets.details.disable')}
          cancelText={t('assets.common.no')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(setEnabled.mutateAsync({ assetId: a.id, enabled: false }))}
        >
          <Button icon={<PoweroffOutlined />} loading={setEnabled.isPending} data-testid="toggle-enabled">
            {t('assets.details.disable')}
          </Button>
        </Popconfirm>
      )}
      <DeleteButton
        name={a.name}
        detail={t('assets.details.deleteDetail')}
        showLabel
        onDelete={() => remove.mutateAsync(a.id).then(() => navigate(pathTo('assets')))}
        pending={remove.isPending}
        testId="asset-delete"
      />
    </Space>
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
      <Card style={{ marginBottom: 16 }} data-testid="asset-summary">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" title={a.name}>
          <Descriptions.Item label={t('assets.fields.tag')}>
            <code>{a.tag}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.status')}>
            <Space size={4}>
              <AssetStatusTag status={a.status} />
              {a.enabled === 0 && <Tag>{t('assets.common.disabled')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.tagStatus')}>
            <Space size={4}>
              <TagStatusTag value={a.tagStatus} />
              <WarningTag kind={a.warning} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.container')}>{a.container ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.size')}>{a.size ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.isRandomLocker')}>
            {t(a.isRandomLocker ? 'assets.common.yes' : 'assets.common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.createdAt')}>
            {formatDateTime(a.createdAt, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.statusChangeAt')}>
            {formatDateTime(a.statusChangeAt, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.tagStatusChangeAt')}>
            {formatDateTime(a.tagStatusChangeAt, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.categories')} span={2}>
            {a.categories.length
              ? a.categories.map((c) => (
                  <Tag key={c.id} icon={<CategoryIcon icon={c.icon} />}>
                    {c.name} · {c.size}
                  </Tag>
                ))
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('assets.fields.description')}>{a.description || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
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
