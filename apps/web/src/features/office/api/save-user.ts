import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockerUserFieldsInput } from '@cacifo/contract/schemas/office';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';
import { officeQueries } from './office-keys';

/** A new user (id 0) or an edit; `updatedAt` is what the editor read (a later save by someone else wins: staleVersion). */
type SaveUserInput = { id: number; updatedAt?: string } & LockerUserFieldsInput;

function saveUser({ id, updatedAt, ...fields }: SaveUserInput) {
  return id === 0
    ? callEndpoint(officeApi.createUser, { body: { ...fields, id: 0 } })
    : callEndpoint(officeApi.updateUser, { body: { ...fields, id, updatedAt: updatedAt ?? '' } });
}

/** POST api/julian/user (id 0) or PUT with the fields. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    // The form binds its submission: a refusal about a field lands on it (docs/adr/0060).
    meta: {
      success: (_reply: unknown, v: SaveUserInput) =>
        v.id ? 'office.users.updated' : 'office.users.created',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueries }),
  });
}
