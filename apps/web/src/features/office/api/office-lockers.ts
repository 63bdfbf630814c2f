import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityQuery,
  ActivityReply,
  ExtendLockerRequest,
  OfficeDashboard,
  OfficeLocker,
} from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

/** Same cadence as the sidebar's expired counts (SPEC §9: 30 s). */
const EXPIRED_POLL_MS = 30_000;

/** GET api/julian/lockers: office lockers with their users. */
export function useOfficeLockers() {
  return useQuery({
    queryKey: officeKeys.lockers,
    queryFn: ({ signal }) => api.get<OfficeLocker[]>('/api/julian/lockers', { signal }),
  });
}

/** GET api/julian/office/expiredLockers, polled every 30 s. */
export function useExpiredLockers() {
  return useQuery({
    queryKey: officeKeys.expired,
    queryFn: ({ signal }) => api.get<OfficeLocker[]>('/api/julian/office/expiredLockers', { signal }),
    refetchInterval: EXPIRED_POLL_MS,
  });
}

/** POST api/julian/office/extendLocker. */
export function useExtendLocker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ExtendLockerRequest) => api.post<OfficeLocker>('/api/julian/office/extendLocker', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

/** POST api/julian/office/releaseLocker (admin PIN). */
export function useReleaseLocker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { lockerId: number; pin: string }) =>
      api.post<OfficeLocker>('/api/julian/office/releaseLocker', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

/** GET api/julian/office/activity: door events or kiosk attempts. */
export function useActivity(params: ActivityQuery) {
  return useQuery({
    queryKey: officeKeys.activity(params),
    queryFn: ({ signal }) =>
      api.get<ActivityReply>('/api/julian/office/activity', { query: { ...params } as never, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** GET api/julian/dashboard/office. */
export function useOfficeDashboard() {
  return useQuery({
    queryKey: officeKeys.dashboard,
    queryFn: ({ signal }) => api.get<OfficeDashboard>('/api/julian/dashboard/office', { signal }),
    refetchInterval: 30_000,
  });
}
