import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHANNEL, messageChannel } from '@cacifo/contract/codes/message';
import { notificationsApi } from '@cacifo/contract/endpoints/notifications';
import { messageListQuerySchema, type OutboxMessage } from '@cacifo/contract/schemas/messages';
import { ExportButton } from '@/components/list/export-button';
import { ListTable } from '@/components/list/list-table';
import { useListState } from '@/lib/list/use-list-state';
import { useMessages } from '../api/messages';
import { useOutboxColumns } from './outbox-columns';
import { OutboxFilters } from './outbox-filters';

/**
 * The message outbox on the list kit (issue #22): every SMS and e-mail the platform wrote, newest
 * first unless sorted, with its status; channel, status, subject, recipient and day filters and
 * the sort in the URL, applied by the server; streamed .xlsx/.csv export of the filtered list.
 */
export function MessagesOutboxCard() {
  const { t } = useTranslation();
  const list = useListState(messageListQuerySchema);
  const messages = useMessages(list.query);
  const providers = messages.data?.providers;
  const missing = providers ? Object.values(MESSAGE_CHANNEL).filter((c) => !providers[c]) : [];
  const columns = useOutboxColumns(providers);

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
      <OutboxFilters list={list} />
      {missing.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('admins.tools.noProvider', {
            list: missing.map((c) => t(messageChannel.labelKey(c))).join(', '),
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
