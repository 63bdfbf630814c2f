import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export function linkUserSchedules(input: { userId: number; scheduleIds: number[]; on: boolean }) {
  return api.get<null>(`/api/julian/${input.on ? 'addSchedules' : 'removeSchedules'}`, {
    query: { lockerUserId: input.userId, scheduleIds: input.scheduleIds },
  });
}

/** GET api/julian/addSchedules | removeSchedules (lockerUserId, scheduleIds). */
export function useLinkSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserSchedules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
