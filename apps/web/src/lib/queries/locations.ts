import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LockerView, PlaceView } from '@cacifo/contract/schemas/locations';
import type { PlaceType } from '@cacifo/contract';
import { api } from '@/lib/api-client';

/**
 * Location reads that several screens share (home, locations, monitoring) and that the realtime
 * client patches. They live in lib/ because features do not import each other; the query keys are
 * only ever built here.
 */
export const locationKeys = {
  all: ['places'] as const,
  list: (params: PlacesParams) => ['places', 'list', params] as const,
  details: (id: number) => ['places', 'details', id] as const,
  lockersAll: ['lockersByPlace'] as const,
  lockers: (id: number) => ['lockersByPlace', id] as const,
};

export type PlaceTypeFilter = PlaceType | 'ALL';
export interface PlacesParams {
  type?: PlaceTypeFilter;
  max_results?: number;
  offset?: number;
  search?: string;
}
export interface PlacesReply {
  places: PlaceView[];
  totalPlaces: number;
}
export interface LockersByPlaceReply {
  Place: PlaceView;
  Lockers: LockerView[];
}

/** Realtime (LockerUpdate, UpdateCapacity) keeps these fresh; polling is only the safety net. */
const SAFETY_POLL_MS = 60_000;

export function placesQueryOptions(params: PlacesParams = {}) {
  const query = { type: 'ALL' as PlaceTypeFilter, max_results: 100, offset: 0, ...params };
  return queryOptions({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => api.get<PlacesReply>('/api/julian/places', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: SAFETY_POLL_MS,
  });
}

/** GET api/julian/places: counts per location (type ALL by default here; the server defaults to OFFICE). */
export function usePlaces(params: PlacesParams = {}) {
  return useQuery(placesQueryOptions(params));
}

export function placeDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationKeys.details(id),
    queryFn: ({ signal }) =>
      api.get<{ Place: PlaceView }>(`/api/julian/PlaceDetails/${id}`, { signal }).then((d) => d.Place),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function usePlaceDetails(id: number) {
  return useQuery(placeDetailsQueryOptions(id));
}

export function lockersByPlaceQueryOptions(id: number) {
  return queryOptions({
    queryKey: locationKeys.lockers(id),
    queryFn: ({ signal }) => api.get<LockersByPlaceReply>(`/api/julian/lockersByPlace/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: SAFETY_POLL_MS,
  });
}

/** GET api/julian/lockersByPlace/{id}: the grid. LockerUpdate patches one locker in place (lib/realtime). */
export function useLockersByPlace(id: number) {
  return useQuery(lockersByPlaceQueryOptions(id));
}

// Module-level selectors: stable, so TanStack Query runs them only when the reply changes.
const selectPlace = (d: LockersByPlaceReply) => d.Place;
const selectLockers = (d: LockersByPlaceReply) => d.Lockers;

/**
 * The place of a grid, alone: a LockerUpdate patch keeps the Place object, so a screen that reads
 * only this does not render again for each door event (only the tiles and counts do).
 */
export function useGridPlace(id: number) {
  return useQuery({ ...lockersByPlaceQueryOptions(id), select: selectPlace });
}

/** The lockers of a grid, alone (see useGridPlace). */
export function useGridLockers(id: number) {
  return useQuery({ ...lockersByPlaceQueryOptions(id), select: selectLockers });
}

/** One locker of a grid, or null: renders again only when that locker changes. */
export function useGridLocker(placeId: number, lockerId: number | null) {
  const select = useCallback(
    (d: LockersByPlaceReply) => d.Lockers.find((l) => l.id === lockerId) ?? null,
    [lockerId],
  );
  return useQuery({ ...lockersByPlaceQueryOptions(placeId), select });
}
