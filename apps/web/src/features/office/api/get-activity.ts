import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityReply } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

/** Query of GET api/julian/office/activity as the web sends it. */
export interface ActivityParams {
  kind: 'door' | 'access';
  max_results: number;
  offset: number;
  placeId?: number;
  userId?: number;
  doorNumber?: number;
  /** `YYYY-MM-DD|YYYY-MM-DD` */
  dateRange?: string;
}

export function getActivity(params: ActivityParams, signal?: AbortSignal): Promise<ActivityReply> {
  return api.get<ActivityReply>('/api/julian/office/activity', { query: { ...params }, signal });
}

export const activityQueryOptions = (params: ActivityParams) =>
  queryOptions({
    queryKey: officeKeys.activity(params),
    queryFn: ({ signal }) => getActivity(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** GET api/julian/office/activity: door events or kiosk attempts; door events have no realtime message, so it polls. */
export function useActivity(params: ActivityParams) {
  return useQuery(activityQueryOptions(params));
}
