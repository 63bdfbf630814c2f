import { Card, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  messageChannel,
  messageEvent,
  messageStatus,
  type MessageStatus,
} from '@cacifo/contract/codes/message';
import type { OrderMessage } from '@cacifo/contract/schemas/messages';
import { formatDateTime } from './format';

const STATUS_COLOR: Record<MessageStatus, string> = {
  queued: 'gold',
  sent: 'green',
  failed: 'red',
  noProvider: 'default',
  cancelled: 'default',
};

/** What was sent to the recipient (or the sender) about this order: SMS and e-mail, with status. */
export function OrderMessages({ messages }: { messages: OrderMessage[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<OrderMessage> = [
    { title: t('orders.messages.created'), dataIndex: 'createdAt', render: formatDateTime, width: 150 },
    {
      title: t('orders.messages.event'),
      dataIndex: 'event',
      render: (e: OrderMessage['event']) => t(messageEvent.labelKey(e)),
    },
    {
      title: t('orders.messages.channel'),
      dataIndex: 'channel',
      render: (c: OrderMessage['channel']) => t(messageChannel.labelKey(c)),
      width: 90,
    },
    { title: t('orders.messages.recipient'), dataIndex: 'recipient' },
    {
      title: t('orders.messages.status'),
      dataIndex: 'status',
      render: (s: MessageStatus, m) => {
        const tag = (
          <Tag color={STATUS_COLOR[s]} data-testid={`message-status-${m.id}`}>
            {t(messageStatus.labelKey(s))}
          </Tag>
        );
        return m.error ? <Tooltip title={m.error}>{tag}</Tooltip> : tag;
      },
    },
    { title: t('orders.messages.sentAt'), dataIndex: 'sentAt', render: formatDateTime, width: 150 },
  ];
  return (
    <Card title={t('orders.messages.title')}>
      <Table<OrderMessage>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={messages}
        pagination={false}
        locale={{ emptyText: t('orders.messages.none') }}
        data-testid="order-messages"
        scroll={{ x: true }}
      />
    </Card>
  );
}
