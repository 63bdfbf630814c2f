import { useQuery } from '@tanstack/react-query';
import { serviceApi } from '@cacifo/contract/endpoints/service';
import { endpointQuery } from '@/lib/endpoint-query';

export type { ServiceStatus } from '@cacifo/contract/endpoints/service';

/** Heartbeats arrive every few seconds; a 15 s refresh is enough to notice a reader going down. */
const SERVICE_STATUS_POLL_MS = 15_000;

const serviceStatusQueryOptions = endpointQuery(
  serviceApi.status,
  {},
  { refetchInterval: SERVICE_STATUS_POLL_MS },
);

/** GET api/service/status: servers, readers (locker controllers) and screens. */
export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions);
}
