import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceStatus } from '../api/get-service-status';

/**
 * PINs only the server can check (issue #32): set before walls learned PINs and never typed since,
 * they have no place hash, so a wall cut off from the server refuses them. Shown only when some are.
 */
export function WallPinsAlert({ pins }: { pins: ServiceStatus['wallPins'] }) {
  const { t } = useTranslation();
  if (!pins || pins.officeUsers + pins.couriers === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('serviceStatus.wallPins', { users: pins.officeUsers, couriers: pins.couriers })}
      style={{ marginBottom: 16 }}
      data-testid="wall-pins"
    />
  );
}
