import { Alert, Card, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { adminLogAction } from '@cacifo/contract/codes/admin-log';
import type { AdminLog } from '@cacifo/contract/schemas/admin';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useAdminLogFilters, useAdminLogs } from '../api/admin-logs';
import { useTablePage } from '../components/use-table-page';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/** /admins/logs: admin, action, user, date, locker, location; filters in the URL; paged on the server. */
export default function AdminsLogsPage() {
  const { t, i18n } = useTranslation();
  const table = useTablePage(25);
  const { params, set } = table;
  const adminId = num(params.get('admin'));
  const placeId = num(params.get('place'));
  const action = (params.get('action') ?? '').split(',').filter(Boolean).map(Number);
  const from = params.get('from');
  const to = params.get('to');
  const filters = useAdminLogFilters();
  const logs = useAdminLogs({
    max_results: table.pageSize,
    offset: table.offset,
    adminId,
    placeId,
    action: action.length ? action.join(',') : undefined,
    createdAtInterval: from && to ? `${from}|${to}` : undefined,
  });
  const label = (code: number) =>
    adminLogAction.has(code)
      ? t(adminLogAction.labelKey(code) as 'adminLogAction.ADMIN_CREATED')
      : String(code);
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  return (
    <>
      <PageHeader routeId="adminsLogs" />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('admins.logs.allAdmins')}
            aria-label={t('admins.logs.allAdmins')}
            value={adminId}
            onChange={(v?: number) =>
              set({ admin: v === undefined ? undefined : String(v), page: undefined })
            }
            options={(filters.data?.admins ?? []).map((a) => ({ value: a.id, label: a.name }))}
            data-testid="logs-admin"
          />
          <Select
            allowClear
            mode="multiple"
            maxTagCount="responsive"
            style={{ minWidth: 240 }}
            placeholder={t('admins.logs.allActions')}
            aria-label={t('admins.logs.allActions')}
            value={action}
            onChange={(v: number[]) => set({ action: v.join(',') || undefined, page: undefined })}
            options={adminLogAction.values.map((code) => ({
              value: code,
              label: `${code} · ${label(code)}`,
            }))}
            data-testid="logs-action"
          />
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('admins.logs.allLocations')}
            aria-label={t('admins.logs.allLocations')}
            value={placeId}
            onChange={(v?: number) =>
              set({ place: v === undefined ? undefined : String(v), page: undefined })
            }
            options={(filters.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <LazyRangePicker
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(r) =>
              set({
                from: r?.[0]?.format('YYYY-MM-DD'),
                to: r?.[1]?.format('YYYY-MM-DD'),
                page: undefined,
              })
            }
          />
        </Space>
        {logs.isError && (
          <Alert type="error" showIcon title={errorMessage(logs.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<AdminLog>
          rowKey="id"
          size="middle"
          loading={logs.isFetching}
          dataSource={logs.data?.logs ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('admins.logs.empty') }}
          data-testid="admin-logs-table"
          pagination={{
            current: table.page,
            pageSize: table.pageSize,
            total: logs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('admins.common.total', { count: total }),
            onChange: table.onPage,
          }}
          columns={[
            { title: t('admins.logs.admin'), dataIndex: 'adminName' },
            {
              title: t('admins.logs.action'),
              dataIndex: 'action',
              render: (code: number) => (
                <Space size={6}>
                  <Tag>{code}</Tag>
                  {label(code)}
                </Space>
              ),
            },
            { title: t('admins.logs.user'), dataIndex: 'userName', render: (v: string | null) => v ?? '—' },
            {
              title: t('admins.logs.date'),
              dataIndex: 'createdAt',
              render: (v: string) => fmt.format(new Date(v)),
            },
            {
              title: t('admins.logs.locker'),
              dataIndex: 'doorNumber',
              render: (v: number | null) => (v === null ? '—' : t('admins.logs.door', { door: v })),
            },
            {
              title: t('admins.logs.location'),
              dataIndex: 'placeName',
              render: (v: string | null) => v ?? '—',
            },
          ]}
        />
      </Card>
    </>
  );
}
