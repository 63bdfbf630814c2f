import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '@/lib/realtime';

/** Says whether the grid is live or catching up, so nobody trusts a stale wall. */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const live = status === 'live';
  return (
    <Tooltip title={t(live ? 'locations.realtime.liveHelp' : 'locations.realtime.offlineHelp')}>
      <Badge
        status={live ? 'success' : status === 'idle' ? 'default' : 'warning'}
        text={t(`locations.realtime.${status}`)}
        data-testid="realtime-status"
        data-status={status}
      />
    </Tooltip>
  );
}
