import { useState } from 'react';
import { Card, DatePicker, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { clientsApi } from '@cacifo/contract/endpoints/clients';
import type { UsageRow } from '@cacifo/contract/schemas/clients';
import { ClientFilter } from '@/components/list/client-filter';
import { ExportButton } from '@/components/list/export-button';
import { PageHeader } from '@/components/page-header';
import { useChoosesClient, useUsage } from '../api/usage';

/** Orders > Monthly usage (issue #31, ADR 0191): per location, for the client's admin or the operator. */
export default function UsagePage() {
  const { t: x } = useTranslation('translation', { keyPrefix: 'clients.usage' });
  const choosesClient = useChoosesClient();
  const [month, setMonth] = useState<Dayjs>(() => dayjs().startOf('month'));
  const [clientId, setClientId] = useState<number | undefined>(undefined);
  const query = { month: month.format('YYYY-MM'), ...(clientId !== undefined ? { clientId } : {}) };
  const ready = !choosesClient || clientId !== undefined;
  const usage = useUsage(query, ready);

  return (
    <>
      <PageHeader routeId="usage" />
      <Card
        title={usage.data ? `${x('title')} · ${usage.data.clientName}` : x('title')}
        extra={
          <Space wrap>
            {choosesClient && (
              <ClientFilter
                by="id"
                allowClear={false}
                placeholder={x('chooseClient')}
                value={clientId}
                onChange={setClientId}
                testId="usage-client"
              />
            )}
            <DatePicker
              picker="month"
              allowClear={false}
              aria-label={x('month')}
              value={month}
              onChange={(v) => v && setMonth(v.startOf('month'))}
            />
            <ExportButton
              endpoint={clientsApi.exportUsage}
              filters={query}
              total={usage.data?.rows.length}
              countKey="clients.usage.count"
              testId="usage-export"
            />
          </Space>
        }
      >
        <Table<UsageRow>
          rowKey="placeId"
          size="middle"
          data-testid="usage-table"
          loading={usage.isFetching}
          dataSource={ready ? (usage.data?.rows ?? []) : []}
          pagination={false}
          locale={{ emptyText: ready ? x('empty') : x('chooseClient') }}
          columns={[
            { title: x('place'), dataIndex: 'placeName' },
            { title: x('deposits'), dataIndex: 'deposits', align: 'right' },
            { title: x('pickups'), dataIndex: 'pickups', align: 'right' },
            { title: x('expired'), dataIndex: 'expired', align: 'right' },
            { title: x('returned'), dataIndex: 'returned', align: 'right' },
            {
              title: x('dwell'),
              dataIndex: 'averageDwellHours',
              align: 'right',
              render: (h: number | null) => (h === null ? '—' : h),
            },
          ]}
        />
      </Card>
    </>
  );
}
