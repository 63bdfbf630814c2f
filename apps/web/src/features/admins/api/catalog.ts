import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceConfig } from '@cacifo/contract/schemas/content';
import { catalogApi } from '@cacifo/contract/endpoints/catalog';
import { callEndpoint } from '@/lib/api-client';
import { endpointKey, endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';

export function useProjects() {
  return useQuery(endpointQuery(catalogApi.projects));
}

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(catalogApi.projects) });
}

/** `updatedAt`: the project as the editor read it (edits only; docs/adr/0027). */
type ProjectInput = { id: number | null; name: string; description: string; updatedAt?: string | null };

export function useSaveProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, name, description, updatedAt }: ProjectInput) =>
      id === null
        ? callEndpoint(catalogApi.createProject, { body: { name, description } })
        : callEndpoint(catalogApi.updateProject, {
            params: { id },
            body: { name, description, updatedAt: updatedAt ?? '' },
          }),
    meta: { success: 'admins.projects.saved' },
    onSuccess,
  });
}

export function useDeleteProject() {
  const onSuccess = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(catalogApi.deleteProject, { params: { id } }),
    meta: { success: 'admins.projects.deleted' },
    onSuccess,
  });
}

export function useUserTypes() {
  return useQuery(endpointQuery(catalogApi.userTypes));
}

export function useSaveUserType() {
  const queryClient = useQueryClient();
  return useMutation({
    // `updatedAt`: as read, null while the type was never saved (docs/adr/0027).
    mutationFn: ({
      code,
      ...body
    }: {
      code: string;
      name: string;
      defaultValidDays: number | null;
      updatedAt: string | null;
    }) => callEndpoint(catalogApi.saveUserType, { params: { code }, body }),
    meta: { success: 'admins.userTypes.saved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(catalogApi.userTypes) }),
  });
}

export function useServiceConfig() {
  return useQuery(endpointQuery(catalogApi.serviceConfig));
}

export function useSaveServiceConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceConfig & { updatedAt: string | null }) =>
      callEndpoint(catalogApi.saveServiceConfig, { body }),
    meta: { success: 'admins.service.saved' },
    onSuccess: (data) => queryClient.setQueryData(endpointKey(catalogApi.serviceConfig), data),
  });
}
