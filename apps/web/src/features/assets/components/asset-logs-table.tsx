import { Table, type TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssetLog } from '@cacifo/contract/schemas/assets';
import type { ListColumn } from '@/components/list/list-table';
import { formatDateTime, useLogActionLabel } from './asset-labels';
import { pathTo } from '@cacifo/contract/route-paths';

/** The columns of asset log rows; `sortKey` names the server's sort column (the logs list sorts). */
export function useAssetLogColumns(showAsset = true): ListColumn<AssetLog>[] {
  const { t, i18n } = useTranslation();
  const actionLabel = useLogActionLabel();
  return [
    {
      title: t('assets.logs.date'),
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      width: 150,
      render: (v: string) => formatDateTime(v, i18n.language),
    },
    ...(showAsset
      ? [
          {
            title: t('assets.logs.asset'),
            dataIndex: 'assetName',
            sortKey: 'assetName',
            render: (name: string, l: AssetLog) => (
              <Link to={pathTo('assetDetails', { id: l.assetId })}>{name}</Link>
            ),
          },
        ]
      : []),
    {
      title: t('assets.logs.action'),
      dataIndex: 'actionId',
      sortKey: 'actionId',
      // The label only: the code is the server's, not the reader's (issue #27).
      render: (a: number) => <span data-testid="asset-log-action">{actionLabel(a)}</span>,
    },
    {
      title: t('assets.logs.who'),
      key: 'who',
      render: (_: unknown, l) => l.username ?? l.adminName ?? t('assets.logs.system'),
    },
    {
      title: t('assets.logs.door'),
      dataIndex: 'doorNumber',
      render: (d: number | null, l: AssetLog) =>
        d === null ? (
          '—'
        ) : (
          <span data-testid="asset-log-door">
            {t('assets.logs.doorAt', { door: d, place: l.placeName ?? '—' })}
          </span>
        ),
    },
  ];
}

/** Asset log rows (SPEC §3 fields); the asset column is left out on an asset's own page. */
export function AssetLogsTable({
  logs,
  loading,
  showAsset = true,
  pagination = false,
}: {
  logs: AssetLog[];
  loading: boolean;
  showAsset?: boolean;
  pagination?: TablePaginationConfig | false;
}) {
  const { t } = useTranslation();
  const columns = useAssetLogColumns(showAsset).map(({ sortKey: _sortKey, ...c }) => c);
  return (
    <Table<AssetLog>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={logs}
      pagination={pagination}
      scroll={{ x: 640 }}
      locale={{ emptyText: t('assets.logs.empty') }}
      data-testid="asset-logs-table"
    />
  );
}
