import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderState, type OrderState } from '@cacifo/contract/codes/order';
import { timeChip } from '@cacifo/contract/locker-tile';
import { LOCKER_STATUS } from '@cacifo/contract/codes/locker';

const COLOUR: Record<number, string> = {
  1: 'blue',
  2: 'geekblue',
  11: 'blue',
  3: 'orange',
  5: 'orange',
  6: 'orange',
  8: 'orange',
  10: 'orange',
  16: 'orange',
  17: 'orange',
  4: 'gold',
  12: 'gold',
  15: 'gold',
  7: 'green',
  13: 'green',
  9: 'red',
  14: 'default',
  18: 'volcano',
  19: 'orange',
  20: 'purple',
};

export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[state]} data-testid="order-state" data-state={state}>
      {orderState.has(state) ? t(orderState.labelKey(state)) : state}
    </Tag>
  );
}

/** SPEC §4 time chip: how long a stored package has waited (green, orange after 10 days, red after 20). */
export function WaitingChip({ storedAt }: { storedAt: string | null }) {
  const { t } = useTranslation();
  const chip = timeChip({
    status: LOCKER_STATUS.OCCUPIED_DELIVERY,
    activeDelivery: { deliveryType: 1, storedAt },
  });
  if (!chip) return null;
  return (
    <Tag color={chip.colour} data-testid="time-chip">
      {t(chip.unit === 'days' ? 'orders.timeChip.days' : 'orders.timeChip.hours', { count: chip.value })}
    </Tag>
  );
}
