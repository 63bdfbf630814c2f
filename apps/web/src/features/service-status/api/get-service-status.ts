import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ServiceStatus {
  servers: Array<{
    instance: string;
    version: string;
    uptimeS: number;
    database: string;
    driver: string;
    realtimeClients?: number;
  }>;
  readers: Array<{
    placeId: number;
    placeName: string;
    online: boolean;
    lastHeartbeatAt: string | null;
    doors: number;
    offlineDoors: number;
    /** Malformed messages dropped since the server started (each logged with its reason). */
    rejectedMessages?: number;
  }>;
  screens: Array<{ id: number; username: string; name: string; lastSeenAt: string | null; online?: boolean }>;
}

/** Heartbeats arrive every few seconds; a 15 s refresh is enough to notice a reader going down. */
export const SERVICE_STATUS_POLL_MS = 15_000;

export const serviceStatusQueryOptions = queryOptions({
  queryKey: ['serviceStatus'],
  queryFn: ({ signal }) => api.get<ServiceStatus>('/api/service/status', { signal }),
  refetchInterval: SERVICE_STATUS_POLL_MS,
});

/** GET api/service/status: servers, readers (locker controllers) and screens. */
export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions);
}
