import { Alert, Card, Table, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminLogAction } from '@cacifo/contract/codes/admin-log';
import type { MarketplaceLog } from '@cacifo/contract/schemas/marketplace';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useMarketplaceLogs } from '../api/get-logs';
import { logDetailsText } from '../components/log-details';
import { dateTime } from '../components/money';

/** /marketplace/logs: every settings, price, schedule, safe time, captive, voucher, IVA and free mode change. */
export default function MarketplaceLogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageSize = Number(params.get('size')) || 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const logs = useMarketplaceLogs({ max_results: pageSize, offset: (page - 1) * pageSize });
  const columns: TableColumnsType<MarketplaceLog> = [
    {
      title: t('marketplace.logs.date'),
      dataIndex: 'createdAt',
      render: (d: string) => dateTime(d),
      width: 170,
    },
    { title: t('marketplace.logs.admin'), dataIndex: 'adminName', width: 180 },
    {
      title: t('marketplace.logs.action'),
      dataIndex: 'action',
      width: 220,
      render: (a: number) => (adminLogAction.has(a) ? t(adminLogAction.labelKey(a)) : a),
    },
    {
      title: t('marketplace.logs.details'),
      dataIndex: 'details',
      render: (d: string | null) => logDetailsText(d, t),
    },
  ];
  return (
    <>
      <PageHeader routeId="marketplaceLogs" />
      <Card>
        {logs.isError && (
          <Alert type="error" showIcon title={errorMessage(logs.error)} style={{ marginBottom: 16 }} />
        )}
        <Table
          rowKey="id"
          columns={columns}
          dataSource={logs.data?.logs ?? []}
          loading={logs.isFetching}
          locale={{ emptyText: t('marketplace.logs.empty') }}
          pagination={{
            current: page,
            pageSize,
            total: logs.data?.totalLogs ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => setParams({ page: String(p), size: String(s) }, { replace: true }),
          }}
        />
      </Card>
    </>
  );
}
