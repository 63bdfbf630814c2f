import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCKER_HOLDING_STATES, staffActionsFor } from '@cacifo/contract/codes/order';
import { LOCKER_ENABLED } from '@cacifo/contract/codes/locker';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  useRefreshOrders,
  useReleaseLocker,
  useSingleFlight,
  useStaffAction,
  type StaffActionName,
} from '../api/order-actions';
import { useSetLockersEnabled } from '../api/lockers';

/** Refusals that mean the page showed an order that has moved on: it is read again. */
const STALE_CODES = ['stateNotAllowed', 'conflict', 'staleVersion', 'orderNotExist'];

/** Every staff action the order's state allows (the contract's state machine), each confirmed first. */
export function StaffActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const action = useStaffAction();
  const release = useReleaseLocker();
  const lockers = useSetLockersEnabled();
  const refresh = useRefreshOrders();
  const once = useSingleFlight();
  const [pinOpen, setPinOpen] = useState(false);
  const [pin, setPin] = useState('');
  const locker = order.assignedLocker;
  const actions = staffActionsFor(order.state, locker !== null);
  // The locker is this order's only while the order holds it; a delivered order's locker has moved on.
  const holdsLocker = locker !== null && LOCKER_HOLDING_STATES.includes(order.state);
  const lockerEnabled = locker?.enabled !== LOCKER_ENABLED.DISABLED;

  /** What went wrong, in one sentence or two: the door, or a page that was out of date. */
  const failureText = (name: StaffActionName | 'releaseLocker', e: unknown) => {
    if (e instanceof ApiError && STALE_CODES.includes(e.code)) {
      refresh();
      return `${errorMessage(e)} ${t('orders.action.refreshed')}`;
    }
    if (name === 'releaseLocker') return errorMessage(e);
    const failure = t(`orders.action.failure.${name}`);
    // A door that simply did not open is said by the action's own text; a jam, a controller
    // offline or any other failure adds why.
    if (e instanceof ApiError && e.code === 'doorOpenFailed') return failure;
    return `${failure} ${errorMessage(e)}`;
  };

  const run = (name: StaffActionName) =>
    once(() =>
      action
        .mutateAsync({ action: name, orderId: order.id })
        .then(() => void message.success(t(`orders.action.success.${name}`)))
        .catch((e: unknown) => void message.error(failureText(name, e))),
    );
  const setLocker = (enabled: boolean) =>
    locker &&
    once(() =>
      lockers
        .mutateAsync({ lockerIds: [locker.id], enabled })
        .then(
          () =>
            void message.success(t(enabled ? 'orders.detail.lockerEnabled' : 'orders.detail.lockerDisabled')),
        )
        .catch((e: unknown) => void message.error(errorMessage(e))),
    );
  const releaseNow = () =>
    once(() =>
      release
        .mutateAsync({ orderId: order.id, pin })
        .then(() => {
          void message.success(t('orders.action.released'));
          setPinOpen(false);
          setPin('');
        })
        .catch((e: unknown) => {
          if (e instanceof ApiError && STALE_CODES.includes(e.code)) setPinOpen(false);
          void message.error(failureText('releaseLocker', e));
        }),
    );

  return (
    <Space wrap data-testid="staff-actions">
      {actions.length === 0 && (
        <Typography.Text type="secondary">{t('orders.detail.noActions')}</Typography.Text>
      )}
      {actions.map((name) =>
        name === 'releaseLocker' ? (
          <Button key={name} danger onClick={() => setPinOpen(true)} data-testid="action-releaseLocker">
            {t('orders.action.releaseLocker')}
          </Button>
        ) : (
          <Popconfirm
            key={name}
            title={t(`orders.action.confirm.${name as StaffActionName}`)}
            onConfirm={() => run(name as StaffActionName)}
            okButtonProps={{ 'data-testid': `confirm-${name}` } as Record<string, string>}
          >
            <Button
              loading={action.isPending && action.variables.action === name}
              disabled={action.isPending && action.variables.action !== name}
              danger={name === 'cancel'}
              type={name === 'deliverByStaff' ? 'primary' : 'default'}
              data-testid={`action-${name}`}
            >
              {t(`orders.action.${name as StaffActionName}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      {holdsLocker && session?.userRole === 'admin' && (
        <Space size={4} data-testid="locker-enabled-state">
          <Tag color={lockerEnabled ? 'green' : 'red'}>
            {t(lockerEnabled ? 'orders.detail.lockerIsEnabled' : 'orders.detail.lockerIsDisabled', {
              door: locker.doorNumber,
            })}
          </Tag>
          <Button
            onClick={() => setLocker(!lockerEnabled)}
            loading={lockers.isPending}
            data-testid={lockerEnabled ? 'action-disableLocker' : 'action-enableLocker'}
          >
            {t(lockerEnabled ? 'orders.detail.disableLocker' : 'orders.detail.enableLocker')}
          </Button>
        </Space>
      )}
      <Modal
        open={pinOpen}
        title={t('orders.action.pinTitle')}
        onCancel={() => setPinOpen(false)}
        okButtonProps={
          {
            disabled: !/^\d{4}$/.test(pin),
            loading: release.isPending,
            'data-testid': 'release-confirm',
          } as ButtonProps
        }
        onOk={releaseNow}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('orders.action.pinText')}</Typography.Paragraph>
        <Input.Password
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
          onPressEnter={() => /^\d{4}$/.test(pin) && releaseNow()}
          inputMode="numeric"
          maxLength={4}
          data-testid="release-pin"
        />
      </Modal>
    </Space>
  );
}
