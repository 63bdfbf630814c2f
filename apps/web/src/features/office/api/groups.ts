import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserGroupFieldsInput, UserGroupsReply } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';
import { officeKeys } from './office-keys';

export interface ListParams {
  max_results: number;
  offset: number;
  search?: string;
}

/** GET api/julian/userGroups. */
export function useUserGroups(params: ListParams = { max_results: 1000, offset: 0 }) {
  return useQuery({
    queryKey: [...officeKeys.groups, params],
    queryFn: ({ signal }) =>
      api.get<UserGroupsReply>('/api/julian/userGroups', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST (id 0) or PUT api/julian/userGroup. */
export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number } & UserGroupFieldsInput) =>
      v.id === 0 ? api.post('/api/julian/userGroup', v) : api.put('/api/julian/userGroup', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

/** DELETE api/julian/userGroup/{id}. */
export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/julian/userGroup/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
