import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lockerSize, type LockerSize } from '@cacifo/contract/codes/locker';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAssignLocker, useDeliveryPlaces, useStorePackage } from '../api/deposit';

interface Props {
  order: Order;
  open: boolean;
  onClose: () => void;
  onOpened?: (order: Order) => void;
  /** Size to start with when the order has no locker yet (the scanner's default is M). */
  defaultSize?: string | null;
}

/**
 * The deposit dialog (SPEC §2): the order's package id, phone and reference; delivery places with
 * their sizes and free counts; request or change a locker; confirm and open the door.
 */
export function DepositDialog({ order, open, onClose, onOpened, defaultSize }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const places = useDeliveryPlaces(open);
  const assign = useAssignLocker();
  const store = useStorePackage();
  const [current, setCurrent] = useState<Order>(order);
  const [placeId, setPlaceId] = useState<number | null>(order.assignedLocker?.locationId ?? null);
  const [size, setSize] = useState<LockerSize | null>(
    (order.assignedLocker?.size as LockerSize | undefined) ??
      (lockerSize.has(defaultSize?.toUpperCase()) ? (defaultSize!.toUpperCase() as LockerSize) : null),
  );
  const [noneFree, setNoneFree] = useState(false);

  useEffect(() => {
    if (!open) return;
    setCurrent(order);
    setNoneFree(false);
  }, [open, order]);
  useEffect(() => {
    if (placeId === null && places.data?.length === 1) setPlaceId(places.data[0]!.id);
  }, [placeId, places.data]);

  const place = places.data?.find((p) => p.id === placeId);
  const locker = current.assignedLocker;

  const request = () => {
    if (!size || !placeId) {
      void message.warning(t('orders.deposit.selectSize'));
      return;
    }
    setNoneFree(false);
    assign.mutate(
      { locationId: placeId, size, packageId: current.packageId },
      {
        onSuccess: (o) => setCurrent(o),
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'No locker avaliable') {
            setNoneFree(true);
            void message.warning(t('orders.deposit.noneAvailable'));
          } else if (e instanceof ApiError && e.code === 'selectSize') {
            void message.warning(t('orders.deposit.selectSize'));
          } else {
            void message.error(t('orders.deposit.requestError'));
            onClose();
          }
        },
      },
    );
  };

  const confirm = () =>
    store.mutate(current.packageId, {
      onSuccess: (o) => {
        void message.success(t('orders.deposit.doorOpened'));
        onOpened?.(o);
        onClose();
      },
      onError: (e) =>
        void message.error(
          e instanceof ApiError && e.code === 'doorOpenFailed'
            ? t('orders.deposit.doorFailed')
            : // doorJammed and deviceUnavailable say why in their own words.
              errorMessage(e),
        ),
    });

  return (
    <Modal
      open={open}
      title={t('orders.deposit.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="request"
          onClick={request}
          loading={assign.isPending}
          data-testid="deposit-request"
          disabled={store.isPending}
        >
          {locker ? t('orders.deposit.changeLocker') : t('orders.deposit.requestLocker')}
        </Button>,
        <Button
          key="open"
          type="primary"
          disabled={!locker || assign.isPending}
          loading={store.isPending}
          onClick={confirm}
          data-testid="deposit-confirm"
        >
          {t('orders.deposit.confirmOpen')}
        </Button>,
      ]}
    >
      <div data-testid="deposit-dialog">
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('orders.fields.packageId')}>{current.packageId}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.recipientPhone')}>
            {current.recipientPhone}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.recipientNumber')}>
            {current.recipientNumber || '—'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5}>{t('orders.deposit.places')}</Typography.Title>
        {places.isLoading && <Spin />}
        {places.isError && <Alert type="error" showIcon title={errorMessage(places.error)} />}
        {places.data?.length === 0 && <Empty description={t('orders.deposit.noPlaces')} />}
        <Radio.Group
          value={placeId}
          onChange={(e) => setPlaceId(e.target.value as number)}
          style={{ width: '100%' }}
          data-testid="deposit-places"
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {places.data?.map((p) => (
              <Radio key={p.id} value={p.id} data-testid={`deposit-place-${p.id}`}>
                {p.name}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {place && (
          <Radio.Group
            value={size}
            onChange={(e) => setSize(e.target.value as LockerSize)}
            optionType="button"
            buttonStyle="solid"
            style={{ marginTop: 12 }}
            data-testid="deposit-sizes"
          >
            {lockerSize.values.map((s) => (
              <Radio.Button key={s} value={s}>
                <span data-testid={`deposit-size-${s}`}>
                  {s} · {t('orders.deposit.available', { count: place.availableLockers[s] })}
                </span>
              </Radio.Button>
            ))}
          </Radio.Group>
        )}
        {noneFree && (
          <Alert
            style={{ marginTop: 12 }}
            type="warning"
            showIcon
            title={t('orders.deposit.noneAvailable')}
          />
        )}
        {locker && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            data-testid="deposit-assigned"
            title={t('orders.deposit.assigned', {
              door: locker.doorNumber,
              size: locker.size,
              place: locker.locationName,
            })}
          />
        )}
      </div>
    </Modal>
  );
}
