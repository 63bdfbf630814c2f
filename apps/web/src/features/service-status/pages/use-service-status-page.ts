import { useServiceStatus } from '../api/get-service-status';

/** The service status page's controller: the heartbeats read, the readers down and the servers cut from the broker. */
export function useServiceStatusPage() {
  const status = useServiceStatus();
  const data = status.data;
  const readersDown = data?.readers.filter((r) => !r.online).length ?? 0;
  const brokerDown = data?.servers.filter((s) => s.broker && !s.broker.connected) ?? [];
  return { status, data, readersDown, brokerDown };
}
