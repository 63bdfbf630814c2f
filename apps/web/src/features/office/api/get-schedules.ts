import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { endpointQuery } from '@/lib/endpoint-query';
import { ALL, type SchedulesQuery } from './list-params';

const schedulesQueryOptions = (query: SchedulesQuery = ALL) =>
  endpointQuery(officeApi.schedules, { query }, { placeholderData: keepPreviousData });

/** GET api/julian/schedules. */
export function useSchedules(query: SchedulesQuery = ALL) {
  return useQuery(schedulesQueryOptions(query));
}
