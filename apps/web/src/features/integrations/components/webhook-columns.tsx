import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { webhookEvent } from '@cacifo/contract/codes/partner';
import type { Webhook } from '@cacifo/contract/schemas/webhooks';
import { useEnableWebhook, useRemoveWebhook } from '../api/webhooks';
import { dateTimeFormatter } from './format';

/** The webhooks table's columns, with the delivery log, re-enable and remove actions. */
export function useWebhookColumns({
  setLogOf,
}: {
  setLogOf: (hook: Webhook) => void;
}): TableColumnsType<Webhook> {
  const { t, i18n } = useTranslation();
  const enable = useEnableWebhook();
  const remove = useRemoveWebhook();
  const date = dateTimeFormatter(i18n.language);
  return [
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
            <Tooltip key={e} title={t(webhookEvent.labelKey(e))}>
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
  ];
}
