import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { webhookEvent } from '@cacifo/contract/codes/partner';
import type { Webhook, WebhookCreated } from '@cacifo/contract/schemas/webhooks';
import { useEnableWebhook, useRemoveWebhook, useWebhooks } from '../api/webhooks';
import { DeliveriesDrawer } from './deliveries-drawer';
import { dateTimeFormatter } from './format';
import { SecretModal } from './secret-modal';
import { WebhookFormModal } from './webhook-form-modal';

/** Partners' webhook endpoints: status, events, delivery log; admins add, re-enable and remove them. */
export function WebhooksCard() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const hooks = useWebhooks({ max_results: page.size, offset: (page.current - 1) * page.size });
  const enable = useEnableWebhook();
  const remove = useRemoveWebhook();
  const date = dateTimeFormatter(i18n.language);
  const disabled = (hooks.data?.webhooks ?? []).filter((h) => h.status === 'disabled');

  return (
    <Card
      title={t('integrations.hooks.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('integrations.hooks.new')}
        </Button>
      }
    >
      {disabled.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="webhooks-disabled-alert"
          message={t('integrations.hooks.disabledAlert', { count: disabled.length })}
        />
      )}
      <Typography.Paragraph type="secondary">{t('integrations.hooks.intro')}</Typography.Paragraph>
      <Table<Webhook>
        rowKey="id"
        size="middle"
        data-testid="webhooks-table"
        loading={hooks.isFetching && !hooks.data}
        dataSource={hooks.data?.webhooks ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('integrations.hooks.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: hooks.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('integrations.common.total', { count: total }),
        }}
        columns={[
          {
            title: t('integrations.hooks.url'),
            dataIndex: 'url',
            ellipsis: true,
            render: (url: string) => (
              <Tooltip title={url}>
                <Typography.Text code>{url}</Typography.Text>
              </Tooltip>
            ),
          },
          { title: t('integrations.hooks.key'), dataIndex: 'apiKeyName' },
          {
            title: t('integrations.hooks.events'),
            dataIndex: 'events',
            render: (events: Webhook['events']) => (
              <Space size={[4, 4]} wrap>
                {events.map((e) => (
                  <Tooltip key={e} title={t(webhookEvent.labelKey(e) as 'webhookEvent.ORDER_CREATED')}>
                    <Tag>{e}</Tag>
                  </Tooltip>
                ))}
              </Space>
            ),
          },
          {
            title: t('integrations.hooks.status'),
            dataIndex: 'status',
            width: 170,
            render: (s: Webhook['status'], h) =>
              s === 'keyRevoked' ? (
                <Tooltip title={t('integrations.hooks.keyRevokedAt', { at: date(h.apiKeyRevokedAt) })}>
                  <Tag color="default">{t('integrations.hooks.keyRevoked')}</Tag>
                </Tooltip>
              ) : s === 'disabled' ? (
                <Tooltip title={t('integrations.hooks.disabledAt', { at: date(h.disabledAt) })}>
                  <Tag color="red">{t('integrations.hooks.disabled')}</Tag>
                </Tooltip>
              ) : h.failingSince ? (
                <Tooltip title={t('integrations.hooks.failingSince', { at: date(h.failingSince) })}>
                  <Tag color="orange">{t('integrations.hooks.failing')}</Tag>
                </Tooltip>
              ) : (
                <Tag color="green">{t('integrations.hooks.active')}</Tag>
              ),
          },
          { title: t('integrations.keys.created'), dataIndex: 'createdAt', render: date, width: 140 },
          {
            title: t('integrations.common.actions'),
            key: 'actions',
            width: 140,
            render: (_, h) => (
              <Space>
                <Tooltip title={t('integrations.deliveries.title')}>
                  <Button
                    size="small"
                    icon={<UnorderedListOutlined />}
                    aria-label={t('integrations.deliveries.title')}
                    onClick={() => setLogOf(h)}
                  />
                </Tooltip>
                {h.status === 'disabled' && (
                  <Tooltip title={t('integrations.hooks.enable')}>
                    <Button
                      size="small"
                      icon={<PlayCircleOutlined />}
                      aria-label={t('integrations.hooks.enable')}
                      loading={enable.isPending && enable.variables === h.id}
                      onClick={() => enable.mutate(h.id)}
                    />
                  </Tooltip>
                )}
                <Popconfirm
                  title={t('integrations.hooks.removeConfirm')}
                  okText={t('integrations.hooks.remove')}
                  okButtonProps={{ danger: true, loading: remove.isPending }}
                  cancelText={t('integrations.common.cancel')}
                  onConfirm={() =>
                    remove.mutateAsync(h.id).then(
                      () => undefined,
                      () => undefined,
                    )
                  }
                >
                  <Tooltip title={t('integrations.hooks.remove')}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('integrations.hooks.remove')}
                    />
                  </Tooltip>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <WebhookFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(h) => {
          setCreating(false);
          setSecret(h);
        }}
      />
      <SecretModal
        secret={secret?.secret ?? null}
        title={t('integrations.secret.hookTitle')}
        onClose={() => setSecret(null)}
      />
      <DeliveriesDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
