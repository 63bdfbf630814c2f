import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '@cacifo/contract/endpoints/auth';
import { callEndpoint } from '@/lib/api-client';
import { endSession } from '@/lib/session';

/** POST api/auth/logout revokes the token; the local session ends even when the call fails. */
async function logout(): Promise<void> {
  try {
    await callEndpoint(authApi.logout);
  } catch {
    // Offline or already revoked: nothing more the server can do for us.
  } finally {
    endSession('logout');
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
