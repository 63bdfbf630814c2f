import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SchedulesReply } from '@cacifo/contract/schemas/office';
import { ALL, type ListParams } from './list-params';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function getSchedules(params: ListParams, signal?: AbortSignal): Promise<SchedulesReply> {
  return api.get<SchedulesReply>('/api/julian/schedules', { query: { ...params }, signal });
}

export const schedulesQueryOptions = (params: ListParams = ALL) =>
  queryOptions({
    queryKey: [...officeKeys.schedules, params],
    queryFn: ({ signal }) => getSchedules(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET api/julian/schedules. */
export function useSchedules(params: ListParams = ALL) {
  return useQuery(schedulesQueryOptions(params));
}
