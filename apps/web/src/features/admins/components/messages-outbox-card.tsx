import { useState } from 'react';
import { Alert, App, Button, Card, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_CHANNEL,
  MESSAGE_STATUS,
  messageChannel,
  messageEvent,
  messageStatus,
  type MessageChannel,
  type MessageStatus,
} from '@cacifo/contract/codes/message';
import type { OutboxMessage } from '@cacifo/contract/schemas/messages';
import { errorMessage } from '@/lib/api-client';
import { useMessages, useRetryMessage } from '../api/messages';

const COLOR: Record<MessageStatus, string> = {
  queued: 'gold',
  sent: 'green',
  failed: 'red',
  noProvider: 'default',
};

/** The message outbox: every SMS and e-mail the platform wrote, newest first, with its status. */
export function MessagesOutboxCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [status, setStatus] = useState<MessageStatus>();
  const [channel, setChannel] = useState<MessageChannel>();
  const list = useMessages({
    max_results: page.size,
    offset: (page.current - 1) * page.size,
    status,
    channel,
  });
  const retry = useRetryMessage();
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const date = (v: string | null) => (v ? fmt.format(new Date(v)) : '—');
  const providers = list.data?.providers;
  const missing = providers ? Object.values(MESSAGE_CHANNEL).filter((c) => !providers[c]) : [];
  return (
    <Card
      title={t('admins.tools.outbox')}
      extra={
        <Space wrap>
          <Select
            allowClear
            style={{ width: 130 }}
            aria-label={t('admins.tools.allChannels')}
            placeholder={t('admins.tools.allChannels')}
            value={channel}
            onChange={(v?: MessageChannel) => {
              setChannel(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={messageChannel.values.map((c) => ({
              value: c,
              label: t(messageChannel.labelKey(c) as 'messageChannel.SMS'),
            }))}
          />
          <Select
            allowClear
            style={{ width: 220 }}
            aria-label={t('admins.tools.allStatuses')}
            placeholder={t('admins.tools.allStatuses')}
            value={status}
            onChange={(v?: MessageStatus) => {
              setStatus(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={Object.values(MESSAGE_STATUS).map((s) => ({
              value: s,
              label: t(messageStatus.labelKey(s) as 'messageStatus.SENT'),
            }))}
          />
        </Space>
      }
    >
      {missing.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('admins.tools.noProvider', {
            list: missing.map((c) => t(messageChannel.labelKey(c) as 'messageChannel.SMS')).join(', '),
          })}
        />
      )}
      <Table<OutboxMessage>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.messages ?? []}
        scroll={{ x: 900 }}
        data-testid="messages-outbox"
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('admins.common.total', { count: total }),
        }}
        columns={[
          { title: t('admins.tools.created'), dataIndex: 'createdAt', render: date, width: 140 },
          {
            title: t('admins.tools.event'),
            dataIndex: 'event',
            width: 170,
            render: (e: OutboxMessage['event'], m) => (
              <>
                {t(messageEvent.labelKey(e) as 'messageEvent.REMINDER')}
                {m.packageId ? <div style={{ opacity: 0.7 }}>{m.packageId}</div> : null}
              </>
            ),
          },
          {
            title: t('admins.tools.recipient'),
            dataIndex: 'recipient',
            width: 190,
            render: (r: string, m) => (
              <>
                <Tag>{t(messageChannel.labelKey(m.channel) as 'messageChannel.SMS')}</Tag>
                {r}
              </>
            ),
          },
          {
            title: t('admins.tools.message'),
            dataIndex: 'body',
            ellipsis: { showTitle: false },
            render: (b: string, m) => (
              <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{b}</span>}>
                {m.subject ? <strong>{m.subject} · </strong> : null}
                {b}
              </Tooltip>
            ),
          },
          {
            title: t('admins.tools.status'),
            dataIndex: 'status',
            width: 200,
            render: (s: MessageStatus, m) => (
              <Space size={4} wrap>
                <Tooltip title={m.error}>
                  <Tag color={COLOR[s]}>{t(messageStatus.labelKey(s) as 'messageStatus.SENT')}</Tag>
                </Tooltip>
                {(s === 'failed' || s === 'noProvider') && providers?.[m.channel] && (
                  <Button
                    size="small"
                    loading={retry.isPending && retry.variables === m.id}
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(m.id, { onError: (e) => void message.error(errorMessage(e)) })
                    }
                  >
                    {t('admins.tools.retry')}
                  </Button>
                )}
              </Space>
            ),
          },
          { title: t('admins.tools.sent'), dataIndex: 'sentAt', render: date, width: 140 },
        ]}
      />
    </Card>
  );
}
