import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleFieldsInput } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

function saveSchedule({
  id,
  updatedAt,
  ...fields
}: { id: number; updatedAt?: string } & ScheduleFieldsInput) {
  return id === 0
    ? callEndpoint(officeApi.createSchedule, { body: { ...fields, id: 0 } })
    : callEndpoint(officeApi.updateSchedule, { body: { ...fields, id, updatedAt: updatedAt ?? '' } });
}

/** POST api/julian/schedule (id 0) or PUT. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    meta: { success: 'office.common.saved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
