import { useMutation, useQueryClient } from '@tanstack/react-query';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function linkUserSchedules({
  on,
  userId,
  scheduleIds,
}: {
  userId: number;
  scheduleIds: number[];
  on: boolean;
}) {
  const query = { lockerUserId: userId, scheduleIds: scheduleIds.join(',') };
  return on
    ? callEndpoint(officeApi.addSchedules, { query })
    : callEndpoint(officeApi.removeSchedules, { query });
}

/** GET api/julian/addSchedules | removeSchedules (lockerUserId, scheduleIds). */
export function useLinkSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkUserSchedules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
