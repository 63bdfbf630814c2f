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
    // A refusal is said once by the mutation cache (docs/adr/0060).
    meta: {},
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
