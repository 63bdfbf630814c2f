import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCKER_HOLDING_STATES, staffActionsFor } from '@cacifo/contract/codes/order';
import { LOCKER_ENABLED } from '@cacifo/contract/codes/locker';
import type { Order } from '@cacifo/contract/schemas/orders';
import { can } from '@cacifo/contract/permissions';
import { ROLE } from '@cacifo/contract/roles';
import { useSession } from '@/lib/session';
import {
  isStaleOrder,
  useReleaseLocker,
  useSingleFlight,
  useStaffAction,
  type StaffActionName,
} from '../api/order-actions';
import { useSetLockersEnabled } from '../api/lockers';

/** Every staff action the order's state allows (the contract's state machine), each confirmed first. */
export function StaffActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const session = useSession();
  const action = useStaffAction();
  const release = useReleaseLocker();
  const lockers = useSetLockersEnabled();
  const once = useSingleFlight();
  const [pinOpen, setPinOpen] = useState(false);
  const [pin, setPin] = useState('');
  const locker = order.assignedLocker;
  const actions = staffActionsFor(order.state, locker !== null);
  // The locker is this order's only while the order holds it; a delivered order's locker has moved on.
  const holdsLocker = locker !== null && LOCKER_HOLDING_STATES.includes(order.state);
  const lockerEnabled = locker?.enabled !== LOCKER_ENABLED.DISABLED;

  // What each request says, done or refused (and the order read again when it had moved on), is
  // its mutation's meta (api/order-actions.ts); here only one request at a time and the dialog.
  const run = (name: StaffActionName) => once(() => action.mutateAsync({ action: name, orderId: order.id }));
  const setLocker = (enabled: boolean) =>
    locker && once(() => lockers.mutateAsync({ lockerIds: [locker.id], enabled, one: true }));
  const releaseNow = () =>
    once(() =>
      release.mutateAsync({ orderId: order.id, pin }).then(
        () => {
          setPinOpen(false);
          setPin('');
        },
        (e: unknown) => {
          if (isStaleOrder(e)) setPinOpen(false);
        },
      ),
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
            title={t(`orders.action.confirm.${name}`)}
            onConfirm={() => run(name)}
            okButtonProps={{ 'data-testid': `confirm-${name}` } as Record<string, string>}
          >
            <Button
              loading={action.isPending && action.variables.action === name}
              disabled={action.isPending && action.variables.action !== name}
              danger={name === 'cancel'}
              type={name === 'deliverByStaff' ? 'primary' : 'default'}
              data-testid={`action-${name}`}
            >
              {t(`orders.action.${name}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      {holdsLocker && can(session?.userRole ?? ROLE.VISITOR, 'lockers.enable', session?.modules) && (
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
