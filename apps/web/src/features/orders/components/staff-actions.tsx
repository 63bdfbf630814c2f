import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { staffActionsFor } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useReleaseLocker, useStaffAction, type StaffActionName } from '../api/order-actions';
import { useSetLockersEnabled } from '../api/lockers';

const OPENS_DOOR: readonly StaffActionName[] = ['verify', 'cancel', 'deliverByStaff'];

/** Every staff action the order's state allows (the contract's state machine), each confirmed first. */
export function StaffActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const action = useStaffAction();
  const release = useReleaseLocker();
  const lockers = useSetLockersEnabled();
  const [pinOpen, setPinOpen] = useState(false);
  const [pin, setPin] = useState('');
  const actions = staffActionsFor(order.state);
  const run = (name: StaffActionName) =>
    action.mutate(
      { action: name, orderId: order.id },
      {
        onSuccess: () => void message.success(t(`orders.action.success.${name}`)),
        onError: (e) =>
          void message.error(
            OPENS_DOOR.includes(name) || name === 'archive' || name === 'resendSms'
              ? `${t(`orders.action.failure.${name}`)}${e instanceof ApiError && e.code !== 'doorOpenFailed' ? ` ${errorMessage(e)}` : ''}`
              : errorMessage(e),
          ),
      },
    );
  const setLocker = (enabled: boolean) =>
    order.assignedLocker &&
    lockers.mutate(
      { lockerIds: [order.assignedLocker.id], enabled },
      {
        onSuccess: () =>
          void message.success(t(enabled ? 'orders.detail.lockerEnabled' : 'orders.detail.lockerDisabled')),
        onError: (e) => void message.error(errorMessage(e)),
      },
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
              danger={name === 'cancel'}
              type={name === 'deliverByStaff' ? 'primary' : 'default'}
              data-testid={`action-${name}`}
            >
              {t(`orders.action.${name as StaffActionName}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      {order.assignedLocker && session?.userRole === 'admin' && (
        <>
          <Button
            onClick={() => setLocker(false)}
            loading={lockers.isPending}
            data-testid="action-disableLocker"
          >
            {t('orders.detail.disableLocker')}
          </Button>
          <Button
            onClick={() => setLocker(true)}
            loading={lockers.isPending}
            data-testid="action-enableLocker"
          >
            {t('orders.detail.enableLocker')}
          </Button>
        </>
      )}
      <Modal
        open={pinOpen}
        title={t('orders.action.pinTitle')}
        onCancel={() => setPinOpen(false)}
        okButtonProps={{ disabled: !/^\d{4}$/.test(pin), loading: release.isPending }}
        onOk={() =>
          release.mutate(
            { orderId: order.id, pin },
            {
              onSuccess: () => {
                void message.success(t('orders.action.released'));
                setPinOpen(false);
                setPin('');
              },
              onError: (e) => void message.error(errorMessage(e)),
            },
          )
        }
        destroyOnHidden
      >
        <Typography.Paragraph>{t('orders.action.pinText')}</Typography.Paragraph>
        <Input.Password
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
          inputMode="numeric"
          maxLength={4}
          data-testid="release-pin"
        />
      </Modal>
    </Space>
  );
}
