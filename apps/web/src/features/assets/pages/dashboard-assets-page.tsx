import { lazy, Suspense } from 'react';
import { Alert, Card, Col, List, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_STATUS, assetStatus } from '@cacifo/contract/codes/asset';
import { ChartPlaceholder } from '@/components/chart-placeholder';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAssetsLogs } from '../api/get-asset-logs';
import { useAssets } from '../api/get-assets';
import { AssetLogsTable } from '../components/asset-logs-table';
import { WarningTag } from '../components/asset-labels';
import { pathTo } from '@cacifo/contract/route-paths';

const AssetsStatusChart = lazy(() =>
  import('../components/assets-status-chart').then((m) => ({ default: m.AssetsStatusChart })),
);

/** /dashboard-assets: how many assets, where they are, which need attention, what happened last. */
export default function DashboardAssetsPage() {
  const { t } = useTranslation();
  // One page of up to 1000 assets is the whole catalogue of a site: counted here, not on the server.
  const assets = useAssets({ max_results: 1000, offset: 0 });
  const logs = useAssetsLogs({ max_results: 10, offset: 0 });
  const list = assets.data?.assets ?? [];
  const count = (s: number) => list.filter((a) => a.status === s).length;
  const warnings = list.filter((a) => a.warning && a.enabled === 1);
  const byStatus = Object.values(ASSET_STATUS).map((s) => ({
    status: s,
    label: t(assetStatus.labelKey(s)),
    count: count(s),
  }));

  return (
    <>
      <PageHeader routeId="dashboardAssets" />
      {assets.isError && (
        <Alert type="error" showIcon message={errorMessage(assets.error)} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card loading={assets.isLoading}>
            <Statistic title={t('assets.dashboard.total')} value={assets.data?.totalAssets ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={assets.isLoading}>
            <Statistic
              title={t('assets.dashboard.stored')}
              value={count(ASSET_STATUS.STORED)}
              valueStyle={{ color: '#389e0d' }}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={assets.isLoading}>
            <Statistic
              title={t('assets.dashboard.out')}
              value={count(ASSET_STATUS.RETRIEVED)}
              valueStyle={{ color: '#1677ff' }}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={assets.isLoading}>
            <Statistic
              title={t('assets.dashboard.warnings')}
              value={warnings.length}
              valueStyle={{ color: warnings.length ? '#cf1322' : undefined }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('assets.dashboard.byStatus')}>
            <Suspense fallback={<ChartPlaceholder height={260} />}>
              <AssetsStatusChart byStatus={byStatus} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('assets.dashboard.attention')} data-testid="assets-attention">
            <List
              size="small"
              // Loading, not "no warnings": the sentence would claim what is not known yet.
              loading={assets.isLoading}
              dataSource={warnings}
              locale={{ emptyText: t('assets.dashboard.noWarnings') }}
              renderItem={(a) => (
                <List.Item>
                  <Link to={pathTo('assetDetails', { id: a.id })}>{a.name}</Link>
                  <WarningTag kind={a.warning} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            title={t('assets.dashboard.recent')}
            extra={<Link to={pathTo('assetsLogs')}>{t('assets.dashboard.allLogs')}</Link>}
          >
            <AssetLogsTable logs={logs.data?.logs ?? []} loading={logs.isFetching} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
