import { Alert, Button, Card, Input, Select, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_CHANNEL,
  MESSAGE_STATUS,
  messageChannel,
  messageEvent,
  messageStatus,
  type MessageStatus,
} from '@cacifo/contract/codes/message';
import { notificationsApi } from '@cacifo/contract/endpoints/notifications';
import { messageListQuerySchema, type OutboxMessage } from '@cacifo/contract/schemas/messages';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { formatDateTime } from '@/lib/format-date';
import { useListState } from '@/lib/list/use-list-state';
import { useMessages, useRetryMessage } from '../api/messages';

const COLOR: Record<MessageStatus, string> = {
  queued: 'gold',
  sent: 'green',
  failed: 'red',
  noProvider: 'default',
};

/**
 * The message outbox on the list kit (issue #22): every SMS and e-mail the platform wrote, newest
 * first unless sorted, with its status; channel, status, subject, recipient and day filters and
 * the sort in the URL, applied by the server; streamed .xlsx/.csv export of the filtered list.
 */
export function MessagesOutboxCard() {
  const { t } = useTranslation();
  const list = useListState(messageListQuerySchema);
  const { filters } = list;
  const messages = useMessages(list.query);
  const retry = useRetryMessage();
  const providers = messages.data?.providers;
  const missing = providers ? Object.values(MESSAGE_CHANNEL).filter((c) => !providers[c]) : [];

  const columns: ListColumn<OutboxMessage>[] = [
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

  return (
    <Card
      title={t('admins.tools.outbox')}
      extra={
        <ExportButton
          endpoint={notificationsApi.exportMessages}
          filters={list.filterQuery}
          total={messages.data?.total}
          countKey="admins.tools.count"
          testId="outbox-export"
        />
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          key={filters.recipient ?? ''}
          allowClear
          defaultValue={filters.recipient}
          placeholder={t('admins.tools.recipientSearch')}
          aria-label={t('admins.tools.recipientSearch')}
          onSearch={(v) => list.setFilters({ recipient: v.trim() })}
          style={{ width: 220 }}
          data-testid="outbox-search"
        />
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('admins.tools.allChannels')}
          aria-label={t('admins.tools.channel')}
          value={filters.channel}
          onChange={(v?: string) => list.setFilters({ channel: v })}
          options={messageChannel.values.map((c) => ({
            value: c,
            label: t(messageChannel.labelKey(c) as 'messageChannel.SMS'),
          }))}
          data-testid="outbox-filter-channel"
        />
        <Select
          allowClear
          style={{ width: 220 }}
          placeholder={t('admins.tools.allStatuses')}
          aria-label={t('admins.tools.status')}
          value={filters.status}
          onChange={(v?: string) => list.setFilters({ status: v })}
          options={Object.values(MESSAGE_STATUS).map((s) => ({
            value: s,
            label: t(messageStatus.labelKey(s) as 'messageStatus.SENT'),
          }))}
          data-testid="outbox-filter-status"
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('admins.tools.allEvents')}
          aria-label={t('admins.tools.event')}
          value={filters.event}
          onChange={(v?: string) => list.setFilters({ event: v })}
          options={messageEvent.values.map((e) => ({
            value: e,
            label: t(messageEvent.labelKey(e) as 'messageEvent.REMINDER'),
          }))}
          data-testid="outbox-filter-event"
        />
        <DateRangeFilter
          label={t('admins.tools.dates')}
          value={filters.dateInterval}
          onChange={(v) => list.setFilters({ dateInterval: v })}
          testId="outbox-filter-dates"
        />
      </Space>
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
      <ListTable<OutboxMessage, typeof messageListQuerySchema>
        list={list}
        rowKey="id"
        size="small"
        columns={columns}
        rows={messages.data?.messages}
        total={messages.data?.total}
        lowerBound={messages.data?.totalIsLowerBound}
        loading={messages.isFetching && !messages.data}
        error={messages.isError ? messages.error : undefined}
        countKey="admins.tools.count"
        scrollX={900}
        testId="messages-outbox"
      />
    </Card>
  );
}
