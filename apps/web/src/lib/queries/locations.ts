import { useCallback } from 'react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import type { CallInput } from '@cacifo/contract/endpoint';
import type { LockersByPlaceReply } from '@cacifo/contract/schemas/locations';
import { placeTopic, REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { endpointKey, endpointKeyPrefix, endpointQuery } from '@/lib/endpoint-query';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

export type { LockersByPlaceReply };

/**
 * Location reads that several screens share (home, locations, monitoring) and that the realtime
 * client patches. They live in lib/ because features do not import each other; their keys derive
 * from the contract entries (issue #21).
 */
export const locationKeys = {
  lockers: (id: number) => endpointKey(locationsApi.lockers, { params: { id } }),
};

/**
 * Refreshes the lists and details of places: the counts a door event or a write changes. Not the
 * grids, which realtime patches locker by locker (refetching every grid per event would not scale).
 */
export function invalidatePlaceSummaries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(locationsApi.list) });
  void queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(locationsApi.details) });
}

// A grid listens to its own place's doors; lists of places to the digest of every door.
realtimeTopicsWhileShown(endpointKeyPrefix(locationsApi.lockers), (key) => [
  placeTopic((key[2] as { params: { id: number } }).params.id),
]);
realtimeTopicsWhileShown(endpointKeyPrefix(locationsApi.list), [REALTIME_TOPIC.DOORS]);
realtimeTopicsWhileShown(endpointKeyPrefix(locationsApi.details), [REALTIME_TOPIC.DOORS]);

export type PlacesQuery = NonNullable<CallInput<typeof locationsApi.list>['query']>;
export type PlaceTypeFilter = NonNullable<PlacesQuery['type']>;

/** Realtime (LockerUpdate, UpdateCapacity) keeps these fresh; polling is only the safety net. */
const SAFETY_POLL_MS = 60_000;

function placesQueryOptions(query: PlacesQuery = {}) {
  return endpointQuery(
    locationsApi.list,
    { query: { type: 'ALL', max_results: 100, offset: 0, ...query } },
    { placeholderData: keepPreviousData, refetchInterval: SAFETY_POLL_MS },
  );
}

/** GET api/julian/places: counts per location (type ALL by default here; the server defaults to OFFICE). */
export function usePlaces(query: PlacesQuery = {}) {
  return useQuery(placesQueryOptions(query));
}

const validId = (id: number) => Number.isInteger(id) && id > 0;

export function lockersByPlaceQueryOptions(id: number) {
  return endpointQuery(
    locationsApi.lockers,
    { params: { id } },
    { enabled: validId(id), refetchInterval: SAFETY_POLL_MS },
  );
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
