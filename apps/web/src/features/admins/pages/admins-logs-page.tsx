import { Card, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminLogAction } from '@cacifo/contract/codes/admin-log';
import { DATE_TIME_OPTIONS } from '@cacifo/contract/dates';
import { adminLogsApi } from '@cacifo/contract/endpoints/admin-logs';
import { adminLogListQuerySchema, type AdminLog } from '@cacifo/contract/schemas/admin';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useAdminLogFilters, useAdminLogs } from '../api/admin-logs';

/** /admins/logs: admin, action, user, date, locker, location; filters in the URL; paged on the server. */
export default function AdminsLogsPage() {
  const { t, i18n } = useTranslation();
  const list = useListState(adminLogListQuerySchema);
  const f = list.filters;
  const adminId = f.adminId ? Number(f.adminId) : undefined;
  const placeId = f.placeId ? Number(f.placeId) : undefined;
  const action = (f.action ?? '').split(',').filter(Boolean).map(Number);
  const filters = useAdminLogFilters();
  const logs = useAdminLogs(list.query);
  const label = (code: number) =>
    adminLogAction.has(code) ? t(adminLogAction.labelKey(code)) : String(code);
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', {
    ...DATE_TIME_OPTIONS,
    second: '2-digit',
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
            onChange={(v?: number) => list.setFilters({ adminId: v })}
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
            onChange={(v: number[]) => list.setFilters({ action: v.join(',') })}
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
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            options={(filters.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <DateRangeFilter
            label={t('admins.logs.date')}
            value={f.createdAtInterval}
            onChange={(v) => list.setFilters({ createdAtInterval: v })}
            testId="logs-days"
          />
          <ExportButton
            endpoint={adminLogsApi.exportLogs}
            filters={list.filterQuery}
            total={logs.data?.total}
            countKey="admins.logs.count"
            testId="logs-export"
          />
        </Space>
        <ListTable<AdminLog, typeof adminLogListQuerySchema>
          list={list}
          rowKey="id"
          rows={logs.data?.logs}
          total={logs.data?.total}
          loading={logs.isFetching}
          error={logs.isError ? logs.error : undefined}
          countKey="admins.logs.count"
          testId="admin-logs-table"
          scrollX={900}
          emptyText={t('admins.logs.empty')}
          columns={[
            { title: t('admins.logs.admin'), dataIndex: 'adminName', sortKey: 'adminName' },
            {
              title: t('admins.logs.action'),
              dataIndex: 'action',
              sortKey: 'action',
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
              sortKey: 'createdAt',
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
