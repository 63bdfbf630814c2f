import { Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LockerView } from '@cacifo/contract/schemas/locations';
import { LockerActions, useLockerActions } from './locker-actions';
import { LockerDetails } from './locker-details';
import { LockerTile } from './locker-tile';

interface LockerDrawerProps {
  placeId: number;
  locker: LockerView | null;
  onClose: () => void;
}

/** Details and actions of one locker; reads the live cached locker, so it follows realtime updates. */
export function LockerDrawer({ placeId, locker, onClose }: LockerDrawerProps) {
  const { t } = useTranslation();
  const actions = useLockerActions(placeId);
  return (
    <Drawer
      open={locker !== null}
      onClose={onClose}
      size="default"
      title={locker ? t('locations.locker.title', { door: locker.doorNumber }) : ''}
      destroyOnHidden
    >
      {locker && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="locker-drawer-body">
          <div style={{ maxWidth: 140 }}>
            <LockerTile locker={locker} />
          </div>
          {(actions.mayOpen || actions.mayManage) && <LockerActions actions={actions} locker={locker} />}
          <LockerDetails locker={locker} />
        </Space>
      )}
    </Drawer>
  );
}
