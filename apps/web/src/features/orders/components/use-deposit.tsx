import { useEffect, useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { lockerSize, type LockerSize } from '@cacifo/contract/codes/locker';
import { orderAllows, orderStage } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError } from '@/lib/api-client';
import { notify, say } from '@/lib/feedback';
import { useAssignLocker, useDeliveryPlaces, useStorePackage } from '../api/deposit';
import { isStaleOrder, useSingleFlight } from '../api/order-actions';
import { PrintButtons } from './print-buttons';

export interface DepositProps {
  order: Order;
  open: boolean;
  onClose: () => void;
  onOpened?: (order: Order) => void;
  /** Size to start with when the order has no locker yet (the scanner's default is M). */
  defaultSize?: string | null;
}

/** The deposit dialog's controller: the order as it stands, the chosen place and size, request and confirm. */
export function useDeposit({ order, open, onClose, onOpened, defaultSize }: DepositProps) {
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

  return {
    current,
    stage,
    depositable,
    places,
    place,
    placeId,
    setPlaceId,
    size,
    setSize,
    noneFree,
    locker,
    request,
    confirm,
    mayOpen,
    requesting: assign.isPending,
    storing: store.isPending,
  };
}

export type DepositController = ReturnType<typeof useDeposit>;
