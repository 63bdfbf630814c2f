import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

/**
 * The office area's locker users, groups and schedules, read for pickers. Only the fields used
 * here are typed: features do not import each other.
 */
export interface LockerUserRef {
  id: number;
  name: string;
  enabled: 0 | 1;
  email: string | null;
  number: string | null;
  assets: Array<{ id: number; name: string }>;
}
export interface UserGroupRef {
  id: number;
  name: string;
  description: string | null;
  users: Array<{ id: number; name: string }>;
}
export interface ScheduleRef {
  id: number;
  name: string;
  startTime?: string;
  endTime?: string;
}

/** GET api/julian/users (paged, searchable). */
export function useLockerUsers(params: { max_results: number; offset: number; search?: string | undefined }) {
  return useQuery({
    queryKey: assetKeys.lockerUsers(params),
    queryFn: ({ signal }) =>
      api.get<{ users: LockerUserRef[]; totalUsers: number }>('/api/julian/users', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/julian/userGroups (first 200). */
export function useUserGroups() {
  return useQuery({
    queryKey: assetKeys.userGroups,
    queryFn: ({ signal }) =>
      api.get<{ groups: UserGroupRef[]; totalGroups: number }>('/api/julian/userGroups', {
        query: { max_results: 200 },
        signal,
      }),
  });
}

/** GET api/julian/schedules (first 200). */
export function useSchedules() {
  return useQuery({
    queryKey: assetKeys.schedules,
    queryFn: ({ signal }) =>
      api.get<{ schedules: ScheduleRef[]; totalSchedules: number }>('/api/julian/schedules', {
        query: { max_results: 200 },
        signal,
      }),
  });
}
