import { Alert, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { lockerStatus } from '@cacifo/contract/codes/locker';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAlerts } from '../api/get-alerts';
import { DoorStatusTag } from '../components/door-status-tag';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
const PAGE_SIZES = [10, 25, 50, 100];

/** /alerts: every locker whose door is in alert or offline, newest state first, paged on the server. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageSize = Number(params.get('size')) || 25;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const alerts = useAlerts({ max_results: pageSize, offset: (page - 1) * pageSize });

  const columns: TableColumnsType<AlertLocker> = [
    {
      title: t('alerts.table.location'),
      dataIndex: 'place_name',
      render: (name: string, a) => <Link to={`/locations/${a.place_id}`}>{name}</Link>,
    },
    {
      title: t('alerts.table.door'),
      dataIndex: 'doorNumber',
      align: 'end',
      width: 90,
      render: (n: number) => <Typography.Text strong>{n}</Typography.Text>,
    },
    { title: t('alerts.table.size'), dataIndex: 'size', width: 90 },
    {
      title: t('alerts.table.doorStatus'),
      dataIndex: 'doorStatus',
      render: (s: number) => <DoorStatusTag status={s} />,
    },
    {
      title: t('alerts.table.since'),
      dataIndex: 'doorStatusUpdatedAt',
      render: (at: string | null) =>
        at ? <span title={dayjs(at).format('L LTS')}>{dayjs(at).fromNow()}</span> : '—',
    },
    {
      title: t('alerts.table.status'),
      dataIndex: 'status',
      render: (s: number) =>
        lockerStatus.has(s) ? t(lockerStatus.labelKey(s) as 'lockerStatus.AVAILABLE') : s,
    },
    {
      title: t('alerts.table.users'),
      dataIndex: 'users',
      render: (users: AlertLocker['users']) =>
        users.length ? users.map((u) => <Tag key={u.id}>{u.name}</Tag>) : '—',
    },
  ];

  return (
    <>
      <PageHeader routeId="alerts" />
      <Card>
        {alerts.isError && (
          <Alert type="error" showIcon title={errorMessage(alerts.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<AlertLocker>
          rowKey="id"
          columns={columns}
          dataSource={alerts.data?.alerts ?? []}
          loading={alerts.isLoading}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('alerts.empty') }}
          pagination={{
            current: page,
            pageSize,
            total: alerts.data?.totalAlerts ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (p, s) => {
              const next = new URLSearchParams(params);
              if (p > 1) next.set('page', String(p));
              else next.delete('page');
              if (s !== 25) next.set('size', String(s));
              else next.delete('size');
              setParams(next, { replace: true });
            },
          }}
        />
      </Card>
    </>
  );
}
