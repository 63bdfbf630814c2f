import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

function useLink<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }) });
}

/** GET api/julian/authorizeGroups | unauthorizeGroups (userId, userGroupIds comma list). */
export function useAuthorizeGroups() {
  return useLink((v: { userId: number; userGroupIds: number[]; on: boolean }) =>
    api.get<null>(`/api/julian/${v.on ? 'authorizeGroups' : 'unauthorizeGroups'}`, {
      query: { userId: v.userId, userGroupIds: v.userGroupIds },
    }),
  );
}

/** GET api/julian/addSchedules | removeSchedules (lockerUserId, scheduleIds). */
export function useLinkSchedules() {
  return useLink((v: { userId: number; scheduleIds: number[]; on: boolean }) =>
    api.get<null>(`/api/julian/${v.on ? 'addSchedules' : 'removeSchedules'}`, {
      query: { lockerUserId: v.userId, scheduleIds: v.scheduleIds },
    }),
  );
}

/** POST api/julian/addLockers | removeLockers. */
export function useLinkLockers() {
  return useLink((v: { userId: number; lockerIds: number[]; on: boolean; expiresAt?: string | null }) =>
    api.post<null>(`/api/julian/${v.on ? 'addLockers' : 'removeLockers'}`, {
      userId: v.userId,
      lockerIds: v.lockerIds,
      expiresAt: v.expiresAt ?? null,
    }),
  );
}
