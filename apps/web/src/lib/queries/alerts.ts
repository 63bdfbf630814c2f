import { useQuery } from '@tanstack/react-query';
import { alertsApi } from '@cacifo/contract/endpoints/alerts';
import { areaKey, endpointQuery } from '@/lib/endpoint-query';

/**
 * Alert and expiry counts read by the menu badges, the home page and the alerts screen. SPEC §9:
 * polled every 30 s; LockerUpdate messages also invalidate them (lib/realtime).
 */
export const ALERTS_POLL_MS = 30_000;

export const alertKeys = {
  /** Every alerts query: what a door event may change. */
  all: areaKey(alertsApi.list),
};

const poll = { refetchInterval: ALERTS_POLL_MS } as const;
const selectCount = (d: { count: number }) => d.count;

export function useAlertsCount(enabled = true) {
  return useQuery({ ...endpointQuery(alertsApi.count, {}, { ...poll, enabled }), select: selectCount });
}

export function useExpiredCounts(enabled = true) {
  return useQuery(endpointQuery(alertsApi.expiredCount, {}, { ...poll, enabled }));
}

export function useOpenedOrAlertCounts(enabled = true) {
  return useQuery(endpointQuery(alertsApi.openedOrAlertCount, {}, { ...poll, enabled }));
}

/** Lockers whose door is not closed (open, alert or offline). */
export function useNotClosedLockers(enabled = true) {
  return useQuery(endpointQuery(alertsApi.notClosed, {}, { ...poll, enabled }));
}
