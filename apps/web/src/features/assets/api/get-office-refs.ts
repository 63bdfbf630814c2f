import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isLockerAvailable, tileInput } from '@cacifo/contract/locker-tile';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { officeApi } from '@cacifo/contract/endpoints/office';
import type { ReplyOf } from '@cacifo/contract/endpoint';
import type { LockersByPlaceReply } from '@cacifo/contract/schemas/locations';
import { endpointQuery } from '@/lib/endpoint-query';

/** Other areas' data read for pickers (locker users, groups, schedules, places, lockers). */
export type LockerUserRef = ReplyOf<typeof officeApi.users>['users'][number];
export type UserGroupRef = ReplyOf<typeof officeApi.userGroups>['groups'][number];

/** GET api/julian/users (paged, searchable). */
export function useLockerUsers(query: { max_results: number; offset: number; search?: string | undefined }) {
  return useQuery(endpointQuery(officeApi.users, { query }, { placeholderData: keepPreviousData }));
}

/** GET api/julian/userGroups (first 200). */
export function useUserGroups() {
  return useQuery(endpointQuery(officeApi.userGroups, { query: { max_results: 200 } }));
}

/** GET api/julian/schedules (first 200). */
export function useSchedules() {
  return useQuery(endpointQuery(officeApi.schedules, { query: { max_results: 200 } }));
}

/** GET api/julian/places: locations to store an asset in. */
export function usePlaces() {
  return useQuery(endpointQuery(locationsApi.list, { query: { max_results: 200 } }, { staleTime: 60_000 }));
}

/** Available lockers only, by the one rule the server picks with (docs/adr/0070). */
const selectFree = (d: LockersByPlaceReply) => d.Lockers.filter((l) => isLockerAvailable(tileInput(l)));

/** GET api/julian/lockersByPlace/{id}: the free ones are offered for storage. */
export function useFreeLockers(placeId: number | undefined) {
  return useQuery({
    ...endpointQuery(
      locationsApi.lockers,
      { params: { id: placeId ?? 0 } },
      { enabled: placeId !== undefined },
    ),
    select: selectFree,
  });
}
