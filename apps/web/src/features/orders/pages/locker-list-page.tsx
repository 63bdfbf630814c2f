import { useState } from 'react';
import { Button, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { doorStatus, lockerStatus, type DoorStatus, type LockerStatus } from '@cacifo/contract/codes/locker';
import type { DeliveryLocker } from '@cacifo/contract/schemas/orders';
import { can } from '@cacifo/contract/permissions';
import { ROLE } from '@cacifo/contract/roles';
import { PageHeader } from '@/components/page-header';
import { useSingleFlight } from '@/lib/form-submit';
import { useSession } from '@/lib/session';
import { useDeliveryPlaces } from '../api/deposit';
import { useDeliveryLockers, useSetLockersEnabled } from '../api/lockers';
import { OrderStateTag, WaitingChip } from '../components/order-state-tag';
import { pathTo } from '@cacifo/contract/route-paths';

/** /admins/lockers: the delivery lockers with their parcel, and group enable/disable. */
export default function LockerListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [placeId, setPlaceId] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<number[]>([]);
  const places = useDeliveryPlaces();
  const lockers = useDeliveryLockers(placeId);
  const setEnabled = useSetLockersEnabled();
  const isAdmin = can(session?.userRole ?? ROLE.VISITOR, 'lockers.enable', session?.modules);

  // The mutation's meta says how it went; one request at a time however fast the clicks.
  const apply = useSingleFlight((enabled: boolean) =>
    setEnabled.mutateAsync({ lockerIds: selected, enabled }).then(() => setSelected([])),
  ).run;

  const columns: TableColumnsType<DeliveryLocker> = [
    { title: t('orders.lockers.place'), dataIndex: 'placeName', responsive: ['md'] },
    { title: t('orders.lockers.door'), dataIndex: 'doorNumber', width: 80 },
    { title: t('orders.fields.size'), dataIndex: 'size', width: 80 },
    {
      title: t('orders.lockers.status'),
      dataIndex: 'status',
      render: (s: LockerStatus) => (lockerStatus.has(s) ? t(lockerStatus.labelKey(s)) : s),
    },
    {
      title: t('orders.lockers.doorStatus'),
      dataIndex: 'doorStatus',
      render: (s: DoorStatus) => (doorStatus.has(s) ? t(doorStatus.labelKey(s)) : s),
      responsive: ['md'],
    },
    {
      title: t('orders.lockers.enabled'),
      dataIndex: 'enabled',
      render: (e: number) => (e === 1 ? <Tag color="green">✓</Tag> : <Tag color="red">✗</Tag>),
    },
    {
      title: t('orders.lockers.delivery'),
      key: 'delivery',
      render: (_: unknown, l) =>
        l.activeDelivery ? (
          <Space size={4} wrap>
            <Link to={pathTo('orderDetails', { orderId: l.activeDelivery.orderId })}>
              {l.activeDelivery.packageId}
            </Link>
            <OrderStateTag state={l.activeDelivery.state} />
            {l.status === 4 && <WaitingChip storedAt={l.activeDelivery.storedAt} />}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader routeId="lockerList" />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ minWidth: 220 }}
          allowClear
          placeholder={t('orders.lockers.allPlaces')}
          aria-label={t('orders.lockers.allPlaces')}
          value={placeId}
          onChange={(v: number | undefined) => setPlaceId(v)}
          options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        {isAdmin && (
          <>
            <Typography.Text>{t('orders.lockers.selected', { count: selected.length })}</Typography.Text>
            <Button
              disabled={!selected.length}
              loading={setEnabled.isPending}
              onClick={() => void apply(true)}
            >
              {t('orders.lockers.enable')}
            </Button>
            <Button
              danger
              disabled={!selected.length}
              loading={setEnabled.isPending}
              onClick={() => void apply(false)}
            >
              {t('orders.lockers.disable')}
            </Button>
          </>
        )}
      </Space>
      <Table<DeliveryLocker>
        rowKey="id"
        size="middle"
        data-testid="delivery-lockers"
        loading={lockers.isLoading}
        columns={columns}
        dataSource={lockers.data ?? []}
        rowSelection={
          isAdmin
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: true }}
      />
    </>
  );
}
