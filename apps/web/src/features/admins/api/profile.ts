import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminsApi } from '@cacifo/contract/endpoints/admins';
import { callEndpoint } from '@/lib/api-client';
import { endpointKey, endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { updateSession } from '@/lib/session';

const profileQueryOptions = endpointQuery(adminsApi.profile);

/** GET /api/admin/profile: the signed-in account, whatever its role. */
export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions, enabled });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // `updatedAt`: the profile as read (docs/adr/0027).
    mutationFn: (body: {
      name: string;
      email: string;
      phone: string;
      notifiable: boolean;
      updatedAt: string;
    }) => callEndpoint(adminsApi.updateProfile, { body }),
    meta: { success: 'admins.profile.saved' },
    onSuccess: (data) => {
      queryClient.setQueryData(endpointKey(adminsApi.profile), data);
      // The navbar shows the name from the session.
      updateSession({ name: data.name });
      // The own account shows in the lists too.
      void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(adminsApi.list) });
      void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(adminsApi.employees) });
    },
  });
}

/** PUT /api/admin/profile/password: L42 on a wrong old password; other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; password: string; confirmPassword: string }) =>
      callEndpoint(adminsApi.changePassword, { body }),
    meta: { success: 'admins.profile.passwordChanged' },
  });
}

/** PUT /api/admin/profile/pin: confirmed with the password; L41 when another account holds it. */
export function useChangePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; pin: string }) => callEndpoint(adminsApi.changePin, { body }),
    meta: { success: 'admins.profile.pinChanged' },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(adminsApi.profile), data),
  });
}
