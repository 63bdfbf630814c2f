import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  messageChannel,
  messageEvent,
  messageStatus,
  type MessageChannel,
  type MessageStatus,
} from '@cacifo/contract/codes/message';
import type { OutboxMessage } from '@cacifo/contract/schemas/messages';
import type { ListColumn } from '@/components/list/list-table';
import { formatDateTime } from '@/lib/format-date';
import { useRetryMessage } from '../api/messages';

const COLOR: Record<MessageStatus, string> = {
  queued: 'gold',
  sent: 'green',
  failed: 'red',
  noProvider: 'default',
  cancelled: 'default',
};

/**
 * The outbox's columns; a failed (or unsent for want of a provider) message has its retry button
 * when its channel has a provider now.
 */
export function useOutboxColumns(
  providers: Record<MessageChannel, boolean> | undefined,
): ListColumn<OutboxMessage>[] {
  const { t } = useTranslation();
  const retry = useRetryMessage();
  return [
    {
      title: t('admins.tools.created'),
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (v: string) => formatDateTime(v),
      width: 150,
    },
    {
      title: t('admins.tools.event'),
      dataIndex: 'event',
      width: 170,
      render: (e: OutboxMessage['event'], m) => (
        <>
          {t(messageEvent.labelKey(e))}
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
          <Tag>{t(messageChannel.labelKey(m.channel))}</Tag>
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
            <Tag color={COLOR[s]}>{t(messageStatus.labelKey(s))}</Tag>
          </Tooltip>
          {(s === 'failed' || s === 'noProvider') && providers?.[m.channel] && (
            <Button
              size="small"
              loading={retry.isPending && retry.variables === m.id}
              disabled={retry.isPending}
              // What the retry says is the mutation's own (docs/adr/0060).
              onClick={() => retry.mutate(m.id)}
              data-testid={`outbox-retry-${m.id}`}
            >
              {t('admins.tools.retry')}
            </Button>
          )}
        </Space>
      ),
    },
    {
      title: t('admins.tools.sent'),
      dataIndex: 'sentAt',
      sortKey: 'sentAt',
      render: (v: string | null) => formatDateTime(v),
      width: 150,
    },
  ];
}
