import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project, ServiceConfig, UserTypeConfig } from '@cacifo/contract/schemas/content';
import { api } from '@/lib/api-client';

export const catalogKeys = {
  projects: ['projects'] as const,
  userTypes: ['userTypes'] as const,
  service: ['serviceConfig'] as const,
};

export function useProjects() {
  return useQuery({
    queryKey: catalogKeys.projects,
    queryFn: ({ signal }) => api.get<Project[]>('/api/admin/projects', { signal }),
  });
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, description }: { id: number | null; name: string; description: string }) =>
      id === null
        ? api.post<Project>('/api/admin/projects', { name, description })
        : api.put<Project>(`/api/admin/projects/${id}`, { name, description }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.projects }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/admin/projects/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.projects }),
  });
}

export function useUserTypes() {
  return useQuery({
    queryKey: catalogKeys.userTypes,
    queryFn: ({ signal }) => api.get<UserTypeConfig[]>('/api/admin/user-types', { signal }),
  });
}

export function useSaveUserType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...body }: { code: string; name: string; defaultValidDays: number | null }) =>
      api.put<UserTypeConfig>(`/api/admin/user-types/${code}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.userTypes }),
  });
}

export function useServiceConfig() {
  return useQuery({
    queryKey: catalogKeys.service,
    queryFn: ({ signal }) => api.get<ServiceConfig>('/api/admin/service', { signal }),
  });
}

export function useSaveServiceConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceConfig) => api.put<ServiceConfig>('/api/admin/service', body),
    onSuccess: (data) => queryClient.setQueryData(catalogKeys.service, data),
  });
}
