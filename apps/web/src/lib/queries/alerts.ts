import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { api } from '@/lib/api-client';

/**
 * Alert and expiry counts read by the menu badges, the home page and the alerts screen. SPEC §9:
 * polled every 30 s; LockerUpdate messages also invalidate them (lib/realtime).
 */
export const ALERTS_POLL_MS = 30_000;

export const alertKeys = {
  all: ['alerts'] as const,
  count: ['alerts', 'count'] as const,
  expiredCount: ['alerts', 'expiredCount'] as const,
  openedOrAlert: ['alerts', 'openedOrAlert'] as const,
  notClosed: ['alerts', 'notClosed'] as const,
  list: (params: { max_results: number; offset: number }) => ['alerts', 'list', params] as const,
  expired: ['alerts', 'expiredLockers'] as const,
};

export const alertsCountQueryOptions = queryOptions({
  queryKey: alertKeys.count,
  queryFn: ({ signal }) =>
    api.get<{ count: number }>('/api/julian/alerts/count', { signal }).then((d) => d.count),
  refetchInterval: ALERTS_POLL_MS,
});

export function useAlertsCount(enabled = true) {
  return useQuery({ ...alertsCountQueryOptions, enabled });
}

export interface ExpiredCounts {
  office: number;
  delivery: number;
}

export const expiredCountQueryOptions = queryOptions({
  queryKey: alertKeys.expiredCount,
  queryFn: ({ signal }) => api.get<ExpiredCounts>('/api/julian/dashboard/getExpiredLockersCount', { signal }),
  refetchInterval: ALERTS_POLL_MS,
});

export function useExpiredCounts(enabled = true) {
  return useQuery({ ...expiredCountQueryOptions, enabled });
}

export interface OpenedOrAlertCounts {
  opened: number;
  alerts: number;
  total: number;
}

export const openedOrAlertQueryOptions = queryOptions({
  queryKey: alertKeys.openedOrAlert,
  queryFn: ({ signal }) =>
    api.get<OpenedOrAlertCounts>('/api/julian/dashboard/getOpenedOrAlertLockersCount', { signal }),
  refetchInterval: ALERTS_POLL_MS,
});

export function useOpenedOrAlertCounts(enabled = true) {
  return useQuery({ ...openedOrAlertQueryOptions, enabled });
}

export const notClosedQueryOptions = queryOptions({
  queryKey: alertKeys.notClosed,
  queryFn: ({ signal }) => api.get<AlertLocker[]>('/api/julian/dashboard/getNotClosedLockers', { signal }),
  refetchInterval: ALERTS_POLL_MS,
});

/** Lockers whose door is not closed (open, alert or offline). */
export function useNotClosedLockers(enabled = true) {
  return useQuery({ ...notClosedQueryOptions, enabled });
}
