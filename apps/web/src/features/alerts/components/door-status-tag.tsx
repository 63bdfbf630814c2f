import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { doorStatus, DOOR_STATUS } from '@cacifo/contract/codes/locker';

const COLOUR: Record<number, string> = {
  [DOOR_STATUS.OPEN]: 'orange',
  [DOOR_STATUS.CLOSED]: 'green',
  [DOOR_STATUS.OFFLINE]: 'default',
};

export function DoorStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (!doorStatus.has(status)) return <Tag>{status}</Tag>;
  return (
    <Tag color={COLOUR[status] ?? 'red'} data-door-status={status}>
      {t(doorStatus.labelKey(status))}
    </Tag>
  );
}
