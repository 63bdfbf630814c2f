import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS, messageChannel, messageEvent, messageStatus } from '@cacifo/contract/codes/message';
import type { messageListQuerySchema } from '@cacifo/contract/schemas/messages';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import type { ListState } from '@/lib/list/use-list-state';

/** The outbox's filters: recipient, channel, status, event and days, kept in the URL. */
export function OutboxFilters({ list }: { list: ListState<typeof messageListQuerySchema> }) {
  const { t } = useTranslation();
  const { filters } = list;
  return (
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
          label: t(messageChannel.labelKey(c)),
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
          label: t(messageStatus.labelKey(s)),
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
          label: t(messageEvent.labelKey(e)),
        }))}
        data-testid="outbox-filter-event"
      />
      <DateRangeFilter
        label={t('admins.tools.dates')}
        value={filters.dateInterval}
        onChange={(v) => list.setFilters({ dateInterval: v })}
        testId="outbox-filter-dates"
      />{' '}
    </Space>
  );
}
