import { useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cacifo/contract/endpoints/locations';
import { officeApi } from '@cacifo/contract/endpoints/office';
import type { PlaceModeReply } from '@cacifo/contract/schemas/locations';
import { callEndpoint } from '@/lib/api-client';
import { invalidatePlaceSummaries, lockersByPlaceQueryOptions, locationKeys } from '@/lib/queries/locations';

/** SPEC §9: cleaning, emergency and the voice doors act on place 1. */
const VOICE_PLACE_ID = 1;

export type ModeReply = PlaceModeReply;

/**
 * The same server calls the screens make (locations, office), so the server's permission checks and
 * admin logs apply exactly as they do there. Mutations refresh the location queries.
 */
export function useVoiceCalls() {
  const qc = useQueryClient();
  const refreshPlace = () => {
    void qc.invalidateQueries({ queryKey: locationKeys.lockers(VOICE_PLACE_ID) });
    invalidatePlaceSummaries(qc);
  };
  const place = { params: { id: VOICE_PLACE_ID } };
  return {
    /** GET api/julian/openFreeLockersByPlaceId/{id}: cleaning mode. */
    cleaning: () => callEndpoint(locationsApi.openFree, place).finally(refreshPlace),
    /** GET api/julian/openAllLockersByPlaceId/{id}: emergency mode. */
    emergency: () => callEndpoint(locationsApi.openAll, place).finally(refreshPlace),
    /** Door number N of place 1 -> its locker (GET api/julian/lockersByPlace/{id}), or null. */
    lockerOfDoor: async (door: number) => {
      const reply = await qc.fetchQuery({ ...lockersByPlaceQueryOptions(VOICE_PLACE_ID), staleTime: 5_000 });
      return { place: reply.Place, locker: reply.Lockers.find((l) => l.doorNumber === door) ?? null };
    },
    /** GET api/julian/openLockerById/{lockerId}; a door that did not open is doorJammed (409), deviceUnavailable or doorOpenFailed (503). */
    openLocker: (lockerId: number) =>
      callEndpoint(locationsApi.openLocker, { params: { id: lockerId } }).finally(refreshPlace),
    /** GET api/julian/users with a name search, first page. */
    findUsers: (search: string) =>
      callEndpoint(officeApi.users, { query: { search: search || undefined, max_results: 10, offset: 0 } }),
    /** How many users the export will hold (the list's total, without a search). */
    userCount: async (): Promise<number> =>
      (await callEndpoint(officeApi.users, { query: { max_results: 1, offset: 0 } })).totalUsers,
  };
}
