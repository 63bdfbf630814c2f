import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lockerSize, type LockerSize } from '@cacifo/contract/codes/locker';
import { orderAllows, orderStage } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify, say } from '@/lib/feedback';
import { useAssignLocker, useDeliveryPlaces, useStorePackage } from '../api/deposit';
import { isStaleOrder, useSingleFlight } from '../api/order-actions';
import { PrintButtons } from './print-buttons';

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
  const assign = useAssignLocker();
  const store = useStorePackage();
  const once = useSingleFlight();
  const [current, setCurrent] = useState<Order>(order);
  // An order that cannot be deposited (delivered, in a locker, cancelled...) is shown, not offered
  // buttons that can only fail (the second scanner version opens this dialog for any order).
  const stage = orderStage(current.state);
  const depositable = stage === 'toDeposit';
  const places = useDeliveryPlaces(open && depositable);
  // The locker's place and size if it has one, else what the partner sent with the parcel (#33), else the caller's.
  const [placeId, setPlaceId] = useState<number | null>(
    order.assignedLocker?.locationId ?? order.targetLocationId ?? null,
  );
  const [size, setSize] = useState<LockerSize | null>(
    (order.assignedLocker?.size as LockerSize | undefined) ??
      order.parcelSize ??
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
      // Checked before any request: not a mutation's outcome, so said here.
      say('warning', t('orders.deposit.selectSize'));
      return;
    }
    setNoneFree(false);
    once(() =>
      assign
        .mutateAsync({ locationId: placeId, size, packageId: current.packageId })
        .then(setCurrent)
        // The refusal is said by the mutation's meta (api/deposit.ts); here, what the dialog does next.
        .catch((e: unknown) => {
          if (e instanceof ApiError && e.code === 'No locker avaliable') setNoneFree(true);
          else if (!(e instanceof ApiError && e.code === 'selectSize')) onClose();
        }),
    );
  };

  const confirm = () =>
    once(() =>
      store
        .mutateAsync(current.packageId)
        .then((o) => {
          // The label can go on the parcel now; the slip once the door closes on it (the code is
          // issued then), so the notice stays until closed.
          // Not only a text: the print buttons go with it, so it is a notice of its own.
          notify({
            type: 'success',
            key: `deposit-${o.id}`,
            title: t('orders.deposit.doorOpened'),
            description: (
              <Space orientation="vertical" size={4} data-testid="deposit-print">
                <span>{t('orders.print.slipWhenStored')}</span>
                <PrintButtons orderId={o.id} slip size="small" />
              </Space>
            ),
            duration: 0,
          });
          onOpened?.(o);
          onClose();
        })
        // The refusal is said by the mutation's meta (api/deposit.ts); a stale order closes the dialog.
        .catch((e: unknown) => {
          if (isStaleOrder(e)) onClose();
        }),
    );
  const mayOpen = orderAllows('openForDeposit', { state: current.state, hasLocker: locker !== null });

  return (
    <Modal
      open={open}
      title={t('orders.deposit.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        depositable
          ? [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
              <Button
                key="request"
                onClick={request}
                loading={assign.isPending}
                data-testid="deposit-request"
                disabled={store.isPending || assign.isPending}
              >
                {locker ? t('orders.deposit.changeLocker') : t('orders.deposit.requestLocker')}
              </Button>,
              <Button
                key="open"
                type="primary"
                disabled={!mayOpen || assign.isPending || store.isPending}
                loading={store.isPending}
                onClick={confirm}
                data-testid="deposit-confirm"
              >
                {t('orders.deposit.confirmOpen')}
              </Button>,
            ]
          : [
              <Button key="close" type="primary" onClick={onClose} data-testid="deposit-close">
                {t('common.close')}
              </Button>,
            ]
      }
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
        {!depositable && (
          <Alert
            type={stage === 'canceled' ? 'warning' : 'info'}
            showIcon
            title={t(`orderStage.${stage}`)}
            description={
              locker
                ? t('orders.deposit.assigned', {
                    door: locker.doorNumber,
                    size: locker.size,
                    place: locker.locationName,
                  })
                : undefined
            }
            data-testid="deposit-not-depositable"
          />
        )}
        {depositable && (
          <>
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
          </>
        )}
      </div>
    </Modal>
  );
}
