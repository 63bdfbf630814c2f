import { useState } from 'react';
import { Alert, Button, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE, type OrderState } from '@cacifo/contract/codes/order';
import type { ReturnItem } from '@cacifo/contract/schemas/messages';
import { can } from '@cacifo/contract/permissions';
import { ClientFilter } from '@/components/list/client-filter';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useCountText } from '@/lib/list/count-text';
import { useSession } from '@/lib/session';
import { useOpenForReturn, useReturns } from '../api/returns';
import { OrderStateTag } from '../components/order-state-tag';
import { formatDateTime } from '../components/format';

/**
 * /returns: parcels nobody collected in time, per location, for the courier or staff who take them
 * back. Opening one opens its door (its return code does the same at the kiosk); closing the door
 * records the return and the sender is told.
 */
export default function ReturnsPage() {
  const { t } = useTranslation();
  const countText = useCountText();
  const [page, setPage] = useState({ current: 1, size: 25 });
  const [locationId, setLocationId] = useState<number>();
  const [company, setCompany] = useState<string>();
  const session = useSession();
  const operator = !!session && can(session.userRole, 'companies.all', session.modules);
  const list = useReturns({
    max_results: page.size,
    offset: (page.current - 1) * page.size,
    locationId,
    company,
  });
  const open = useOpenForReturn();
  const [opened, setOpened] = useState<{ packageId: string; door: number; location: string } | null>(null);

  const columns: TableColumnsType<ReturnItem> = [
    { title: t('orders.fields.packageId'), dataIndex: 'packageId' },
    { title: t('orders.fields.location'), dataIndex: 'locationName' },
    {
      title: t('orders.returns.door'),
      dataIndex: 'doorNumber',
      render: (d: number, r) => `${d} · ${r.size}`,
    },
    {
      title: t('orders.fields.state'),
      dataIndex: 'state',
      render: (s: number) => <OrderStateTag state={s as OrderState} />,
    },
    {
      title: t('orders.returns.returnCode'),
      dataIndex: 'returnCode',
      render: (c: string | null) =>
        c ? (
          <Typography.Text code copyable>
            {c}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: t('orders.fields.recipientName'), dataIndex: 'recipientName', responsive: ['lg'] },
    { title: t('orders.fields.company'), dataIndex: 'company', responsive: ['lg'], render: (c) => c ?? '—' },
    {
      title: t('orders.returns.expiredAt'),
      dataIndex: 'expiredAt',
      render: formatDateTime,
      responsive: ['md'],
    },
    {
      title: t('orders.returns.action'),
      key: 'action',
      render: (_: unknown, r) =>
        r.state === ORDER_STATE.EXPIRED || r.state === ORDER_STATE.STORED_IN_LOCKER ? (
          <Popconfirm
            title={t('orders.returns.confirm', { door: r.doorNumber, location: r.locationName })}
            okText={t('orders.returns.open')}
            onConfirm={() =>
              open.mutateAsync(r.orderId).then(
                () => setOpened({ packageId: r.packageId, door: r.doorNumber, location: r.locationName }),
                () => undefined,
              )
            }
          >
            <Button size="small" type="primary" loading={open.isPending && open.variables === r.orderId}>
              {t('orders.returns.open')}
            </Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="warning">{t('orders.returns.closeDoor')}</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader routeId="returns" />
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('orders.returns.help')}
        </Typography.Paragraph>
        {opened && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setOpened(null)}
            data-testid="return-opened"
            title={t('orders.returns.opened', opened)}
          />
        )}
        {list.isError && <Alert type="error" title={errorMessage(list.error)} />}
        <Space wrap>
          <Select
            allowClear
            style={{ minWidth: 240 }}
            placeholder={t('orders.returns.allLocations')}
            aria-label={t('orders.fields.location')}
            value={locationId}
            onChange={(v?: number) => {
              setLocationId(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={(list.data?.locations ?? []).map((l) => ({
              value: l.id,
              label: `${l.name} (${l.count})`,
            }))}
          />
          {operator && (
            <ClientFilter
              by="name"
              value={company}
              onChange={(c) => {
                setCompany(c);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              testId="returns-filter-client"
            />
          )}
        </Space>
        <Table<ReturnItem>
          rowKey="orderId"
          data-testid="returns"
          loading={list.isFetching && !list.data}
          columns={columns}
          dataSource={list.data?.returns ?? []}
          locale={{ emptyText: t('orders.returns.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            showTotal: (n) => countText('orders.list.count', n),
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      </Space>
    </>
  );
}
