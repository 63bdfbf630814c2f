import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Schedule, ScheduleFieldsInput } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function saveSchedule(input: { id: number } & ScheduleFieldsInput) {
  return input.id === 0
    ? api.post<Schedule>('/api/julian/schedule', input)
    : api.put<Schedule>('/api/julian/schedule', input);
}

/** POST api/julian/schedule (id 0) or PUT. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
