import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleFieldsInput, SchedulesReply } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import type { ListParams } from './groups';
import { officeKeys } from './office-keys';

/** GET api/julian/schedules. */
export function useSchedules(params: ListParams = { max_results: 1000, offset: 0 }) {
  return useQuery({
    queryKey: [...officeKeys.schedules, params],
    queryFn: ({ signal }) =>
      api.get<SchedulesReply>('/api/julian/schedules', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST (id 0) or PUT api/julian/schedule. */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number } & ScheduleFieldsInput) =>
      v.id === 0 ? api.post('/api/julian/schedule', v) : api.put('/api/julian/schedule', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

/** DELETE api/julian/schedule/{id}. */
export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/julian/schedule/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
