import { useState } from 'react';
import { Button, Drawer, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STATUS,
  type DeliveryStatus,
  type Webhook,
  type WebhookDelivery,
} from '@cacifo/contract/schemas/webhooks';
import { useDeliveries, useRedeliver } from '../api/webhooks';
import { dateTimeFormatter } from './format';

const COLOR: Record<DeliveryStatus, string> = { pending: 'gold', delivered: 'green', failed: 'red' };

/** An endpoint's delivery log: status, attempts, response code and duration, with "redeliver". */
export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [status, setStatus] = useState<DeliveryStatus>();
  const log = useDeliveries(hook?.id ?? null, {
    max_results: page.size,
    offset: (page.current - 1) * page.size,
    status,
  });
  const redeliver = useRedeliver();
  const date = dateTimeFormatter(i18n.language);
  return (
    <Drawer
      open={hook !== null}
      onClose={onClose}
      width={980}
      title={t('integrations.deliveries.title')}
      extra={
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('integrations.deliveries.allStatuses')}
          value={status}
          onChange={(v?: DeliveryStatus) => {
            setStatus(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={DELIVERY_STATUS.map((s) => ({
            value: s,
            label: t(`integrations.deliveries.status.${s}`),
          }))}
        />
      }
    >
      <Typography.Paragraph type="secondary" ellipsis>
        <code>{hook?.url}</code>
      </Typography.Paragraph>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        data-testid="deliveries-table"
        loading={log.isFetching && !log.data}
        dataSource={log.data?.deliveries ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('integrations.deliveries.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: log.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('integrations.common.total', { count: total }),
        }}
        columns={[
          { title: t('integrations.deliveries.created'), dataIndex: 'createdAt', render: date, width: 140 },
          {
            title: t('integrations.deliveries.event'),
            dataIndex: 'type',
            render: (v: string) => <code>{v}</code>,
          },
          {
            title: t('integrations.deliveries.statusTitle'),
            dataIndex: 'status',
            width: 110,
            render: (s: DeliveryStatus) => (
              <Tag color={COLOR[s]}>{t(`integrations.deliveries.status.${s}`)}</Tag>
            ),
          },
          { title: t('integrations.deliveries.attempts'), dataIndex: 'attempts', width: 90, align: 'end' },
          {
            title: t('integrations.deliveries.response'),
            dataIndex: 'responseCode',
            width: 150,
            render: (code: number | null, d) => (
              <Tooltip title={d.error}>
                <span>{code ?? (d.error ? t('integrations.deliveries.noAnswer') : '—')}</span>
              </Tooltip>
            ),
          },
          {
            title: t('integrations.deliveries.duration'),
            dataIndex: 'durationMs',
            width: 100,
            align: 'end',
            render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
          },
          { title: t('integrations.deliveries.next'), dataIndex: 'nextAttemptAt', render: date, width: 140 },
          {
            title: '',
            key: 'redeliver',
            width: 60,
            render: (_, d) =>
              d.status === 'pending' ? null : (
                <Tooltip title={t('integrations.deliveries.redeliver')}>
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    aria-label={t('integrations.deliveries.redeliver')}
                    loading={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                    onClick={() =>
                      hook &&
                      redeliver.mutate(
                        { id: hook.id, deliveryId: d.id },
                        {
                          onSuccess: () => void log.refetch(),
                        },
                      )
                    }
                  />
                </Tooltip>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
