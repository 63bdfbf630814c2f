import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assetKeys } from './keys';

/**
 * Other areas' data read for pickers (locker users, groups, schedules, places, lockers). Only the fields used
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

export interface PlaceRef {
  id: number;
  name: string;
  type: string;
}
export interface LockerRef {
  id: number;
  doorNumber: number;
  size: string;
  status: number;
  doorStatus: number;
  enabled: number;
  locker_users: unknown[];
  activeDelivery: unknown;
}

/** GET api/julian/places: locations to store an asset in. */
export function usePlaces() {
  return useQuery({
    queryKey: assetKeys.places,
    queryFn: ({ signal }) =>
      api.get<{ places: PlaceRef[] }>('/api/julian/places', { query: { max_results: 200 }, signal }),
    staleTime: 60_000,
  });
}

/** GET api/julian/lockersByPlace/{id}: the free ones are offered for storage. */
export function useFreeLockers(placeId: number | undefined) {
  return useQuery({
    queryKey: assetKeys.freeLockers(placeId),
    enabled: placeId !== undefined,
    queryFn: ({ signal }) =>
      api
        .get<{ Lockers: LockerRef[] }>(`/api/julian/lockersByPlace/${placeId}`, { signal })
        .then((d) =>
          d.Lockers.filter(
            (l) =>
              l.status === 0 &&
              l.doorStatus === 2 &&
              l.enabled === 1 &&
              l.locker_users.length === 0 &&
              !l.activeDelivery,
          ),
        ),
  });
}
