import { App, Button, Space, Tag } from 'antd';
import { AlertOutlined, ClearOutlined, ToolOutlined, UndoOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { locationMode, LOCATION_MODE, type LocationMode } from '@cacifo/contract/codes/locker';
import type { PlaceView } from '@cacifo/contract/schemas/locations';
import { useSession } from '@/lib/session';
import { useSetPlaceMode } from '../api/set-place-mode';

const MODE_COLOUR: Record<LocationMode, string> = {
  normal: 'green',
  maintenance: 'gold',
  cleaning: 'cyan',
  emergency: 'red',
};

export function ModeTag({ mode }: { mode: string }) {
  const { t } = useTranslation();
  const known = locationMode.has(mode);
  return (
    <Tag color={known ? MODE_COLOUR[mode] : undefined} data-testid="place-mode">
      {known ? t(locationMode.labelKey(mode)) : mode}
    </Tag>
  );
}

const ICONS: Record<LocationMode, ReactNode> = {
  normal: <UndoOutlined />,
  maintenance: <ToolOutlined />,
  cleaning: <ClearOutlined />,
  emergency: <AlertOutlined />,
};

/**
 * Location modes (SPEC §4) behind a confirmation that says what will happen: cleaning opens every
 * free locker, emergency opens all of them. Emergency is also open to security staff.
 */
export function ModeSwitch({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const session = useSession();
  const setMode = useSetPlaceMode();
  if (!session) return null;
  const mayMode = can(session.userRole, 'locations.mode', session.modules);
  const mayEmergency = can(session.userRole, 'locations.emergency', session.modules);

  const ask = (mode: LocationMode) =>
    modal.confirm({
      title: t(`locations.mode.confirmTitle.${mode}`, { place: place.name }),
      content: t(`locations.mode.confirmText.${mode}`),
      okText: t('locations.mode.confirmOk'),
      cancelText: t('locations.common.cancel'),
      okButtonProps: { danger: mode === 'emergency', 'data-testid': 'mode-confirm' } as never,
      // The promise keeps the confirmation loading (one request); what it did is the mutation's meta.
      onOk: () =>
        setMode.mutateAsync({ placeId: place.id, mode, emergencyOnly: !mayMode }).catch(() => undefined),
    });

  const modes: LocationMode[] = [];
  if (place.mode !== LOCATION_MODE.NORMAL && mayMode) modes.push('normal');
  if (mayMode) modes.push('maintenance', 'cleaning');
  if (mayEmergency) modes.push('emergency');
  const available = modes.filter((m) => m !== place.mode);
  if (available.length === 0) return null;

  return (
    <Space wrap>
      {available.map((m) => (
        <Button
          key={m}
          icon={ICONS[m]}
          danger={m === 'emergency'}
          onClick={() => ask(m)}
          data-testid={`mode-${m}`}
        >
          {t(`locations.mode.action.${m}`)}
        </Button>
      ))}
    </Space>
  );
}
