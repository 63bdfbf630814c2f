import { Card, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_LOG_ACTION } from '@cacifo/contract/codes/asset';
import { assetsApi } from '@cacifo/contract/endpoints/assets';
import { listAssetsLogsQuerySchema, type AssetLog } from '@cacifo/contract/schemas/assets';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useAssetsLogs } from '../api/get-asset-logs';
import { useLogActionLabel } from '../components/asset-labels';
import { useAssetLogColumns } from '../components/asset-logs-table';

/**
 * /assets-logs: every asset's logs on the list kit (issue #22): asset, action, actor and days,
 * the sort and the page in the URL; the export has the filtered rows in the list's order.
 */
export default function AssetsLogsPage() {
  const { t } = useTranslation();
  const actionLabel = useLogActionLabel();
  const list = useListState(listAssetsLogsQuerySchema);
  const { filters } = list;
  const logs = useAssetsLogs(list.query);
  const columns = useAssetLogColumns();

  return (
    <>
      <PageHeader routeId="assetsLogs" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={`s${filters.search ?? ''}`}
            allowClear
            defaultValue={filters.search}
            placeholder={t('assets.logs.searchPlaceholder')}
            aria-label={t('assets.logs.searchPlaceholder')}
            onSearch={(v) => list.setFilters({ search: v.trim() })}
            style={{ width: 220 }}
            data-testid="logs-search"
          />
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('assets.logs.action')}
            aria-label={t('assets.logs.action')}
            style={{ minWidth: 260 }}
            value={filters.actionId ? filters.actionId.split(',').map(Number) : []}
            onChange={(v: number[]) => list.setFilters({ actionId: v.join(',') })}
            options={Object.values(ASSET_LOG_ACTION).map((a) => ({
              value: a,
              label: actionLabel(a),
            }))}
            data-testid="logs-action-filter"
          />
          <Input.Search
            key={`a${filters.actor ?? ''}`}
            allowClear
            defaultValue={filters.actor}
            placeholder={t('assets.logs.actor')}
            aria-label={t('assets.logs.actor')}
            onSearch={(v) => list.setFilters({ actor: v.trim() })}
            style={{ width: 220 }}
            data-testid="logs-actor"
          />
          <DateRangeFilter
            label={t('assets.logs.dateRange')}
            value={filters.createdAtInterval}
            onChange={(v) => list.setFilters({ createdAtInterval: v })}
            testId="logs-interval"
          />
          <ExportButton
            endpoint={assetsApi.exportLogs}
            filters={list.filterQuery}
            total={logs.data?.totalLogs}
            countKey="assets.logs.count"
            testId="logs-export"
          />
        </Space>
        <ListTable<AssetLog, typeof listAssetsLogsQuerySchema>
          list={list}
          rowKey="id"
          size="small"
          columns={columns}
          rows={logs.data?.logs}
          total={logs.data?.totalLogs}
          loading={logs.isFetching}
          error={logs.isError ? logs.error : undefined}
          countKey="assets.logs.count"
          testId="asset-logs-table"
          scrollX={640}
          emptyText={t('assets.logs.empty')}
        />
      </Card>
    </>
  );
}
