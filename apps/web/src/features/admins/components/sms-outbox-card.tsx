import { useState } from 'react';
import { Card, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_STATUS } from '@cacifo/contract/codes/content';
import type { SmsMessage } from '@cacifo/contract/schemas/content';
import { formatDateTime } from '@/lib/format-date';
import { useSmsOutbox, type SmsQuery } from '../api/tools';

const COLOR: Record<string, string> = { pending: 'gold', sent: 'green', failed: 'red' };

/** The notifier outbox: every SMS the platform wrote, newest first. */
export function SmsOutboxCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [status, setStatus] = useState<SmsQuery['status']>();
  const sms = useSmsOutbox({ max_results: page.size, offset: (page.current - 1) * page.size, status });
  // The same date format as the orders whose messages these are.
  const date = (v: string | null) => formatDateTime(v);
  return (
    <Card
      title={t('admins.tools.outbox')}
      extra={
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('admins.tools.allStatuses')}
          aria-label={t('admins.tools.allStatuses')}
          value={status}
          onChange={(v?: SmsQuery['status']) => {
            setStatus(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={SMS_STATUS.map((s) => ({ value: s, label: t(`admins.tools.smsStatus.${s}`) }))}
        />
      }
    >
      <Table<SmsMessage>
        rowKey="id"
        size="small"
        loading={sms.isFetching}
        dataSource={sms.data?.messages ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: sms.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('admins.common.total', { count: total }),
        }}
        columns={[
          { title: t('admins.tools.created'), dataIndex: 'createdAt', render: date, width: 150 },
          { title: t('admins.tools.phone'), dataIndex: 'phone', width: 120 },
          { title: t('admins.tools.message'), dataIndex: 'body', ellipsis: true },
          {
            title: t('admins.tools.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: string) => (
              <Tag color={COLOR[s]}>
                {(SMS_STATUS as readonly string[]).includes(s)
                  ? t(`admins.tools.smsStatus.${s as 'sent'}`)
                  : s}
              </Tag>
            ),
          },
          { title: t('admins.tools.sent'), dataIndex: 'sentAt', render: date, width: 150 },
        ]}
      />
    </Card>
  );
}
