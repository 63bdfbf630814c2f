import { Button, Popconfirm, Space } from 'antd';
import { LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { useSingleFlight } from '@/lib/form-submit';
import { useSession } from '@/lib/session';
import { useOpenLocker } from '../api/open-locker';
import { useSetLockerEnabled } from '../api/set-locker-enabled';

/** The locker's controller: what the user may do to it, opening its door and enabling or disabling it. */
export function useLockerActions(placeId: number) {
  const session = useSession();
  const openDoor = useOpenLocker(placeId);
  const setEnabled = useSetLockerEnabled(placeId);
  const mayOpen = !!session && can(session.userRole, 'doors.open', session.modules);
  const mayManage = !!session && can(session.userRole, 'locations.manage', session.modules);

  // What each request says is its mutation's meta (api/); the confirmation's promise keeps its
  // button loading, and the toggle runs once at a time.
  const onOpen = (l: LockerView) => openDoor.mutateAsync(l.id).catch(() => undefined);
  const toggle = useSingleFlight((l: LockerView) =>
    setEnabled.mutateAsync({ lockerId: l.id, enabled: l.enabled === 0 ? 1 : 0 }),
  );
  return { mayOpen, mayManage, openDoor, onOpen, toggle };
}

/** Open the locker's door (after a confirmation) and enable or disable it, as the user may. */
export function LockerActions({
  actions,
  locker,
}: {
  actions: ReturnType<typeof useLockerActions>;
  locker: LockerView;
}) {
  const { t } = useTranslation();
  const { mayOpen, mayManage, openDoor, onOpen, toggle } = actions;
  return (
    <Space wrap>
      {mayOpen && (
        <Popconfirm
          title={t('locations.door.confirm', { door: locker.doorNumber })}
          okText={t('locations.door.open')}
          cancelText={t('locations.common.cancel')}
          onConfirm={() => onOpen(locker)}
        >
          <Button
            type="primary"
            icon={<UnlockOutlined />}
            loading={openDoor.isPending}
            data-testid="open-door"
          >
            {t('locations.door.open')}
          </Button>
        </Popconfirm>
      )}
      {mayManage && (
        <Button
          icon={locker.enabled === 0 ? <LockOutlined /> : <StopOutlined />}
          loading={toggle.pending}
          onClick={() => void toggle.run(locker)}
          data-testid="toggle-enabled"
        >
          {t(locker.enabled === 0 ? 'locations.locker.enable' : 'locations.locker.disable')}
        </Button>
      )}
    </Space>
  );
}
