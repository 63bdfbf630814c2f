import { Alert, Card, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ASSET_LOG_ACTION } from '@cacifo/contract/codes/asset';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAssetsLogs } from '../api/get-asset-logs';
import { useLogActionLabel } from '../components/asset-labels';
import { AssetLogsTable } from '../components/asset-logs-table';

const PAGE_SIZES = [25, 50, 100];
const DAY = 'YYYY-MM-DD';

/** /assets-logs: every asset's logs, server-paged; action, search and date interval in the URL. */
export default function AssetsLogsPage() {
  const { t } = useTranslation();
  const actionLabel = useLogActionLabel();
  const [params, setParams] = useSearchParams();
  const pageSize = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const actions = params.get('action') ?? '';
  const interval = /^\d{4}-\d{2}-\d{2}\|\d{4}-\d{2}-\d{2}$/.test(params.get('interval') ?? '')
    ? params.get('interval')!
    : '';
  const [from, to] = interval ? interval.split('|') : [];
  const logs = useAssetsLogs({
    max_results: pageSize,
    offset: (page - 1) * pageSize,
    search: search || undefined,
    actionId: actions || undefined,
    createdAtInterval: interval || undefined,
  });
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader routeId="assetsLogs" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            defaultValue={search}
            placeholder={t('assets.logs.searchPlaceholder')}
            aria-label={t('assets.logs.searchPlaceholder')}
            onSearch={(v) => update({ q: v.trim() })}
            style={{ width: 240 }}
          />
          <Select
            mode="multiple"
            allowClear
            placeholder={t('assets.logs.action')}
            aria-label={t('assets.logs.action')}
            style={{ minWidth: 260 }}
            value={actions ? actions.split(',').map(Number) : []}
            onChange={(v: number[]) => update({ action: v.join(',') })}
            options={Object.values(ASSET_LOG_ACTION).map((a) => ({
              value: a,
              label: `${a} · ${actionLabel(a)}`,
            }))}
            data-testid="logs-action-filter"
          />
          <LazyRangePicker
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(range) =>
              update({
                interval: range?.[0] && range[1] ? `${range[0].format(DAY)}|${range[1].format(DAY)}` : null,
              })
            }
            data-testid="logs-interval"
          />
        </Space>
        {logs.isError && (
          <Alert type="error" showIcon message={errorMessage(logs.error)} style={{ marginBottom: 16 }} />
        )}
        <AssetLogsTable
          logs={logs.data?.logs ?? []}
          loading={logs.isFetching}
          pagination={{
            current: page,
            pageSize,
            total: logs.data?.totalLogs ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('assets.logs.total', { count: total }),
            onChange: (p, s) => update({ page: String(p), size: String(s) }),
          }}
        />
      </Card>
    </>
  );
}
