import { officeApi } from '@cacifo/contract/endpoints/office';
import { callEndpoint } from '@/lib/api-client';

/** GET api/julian/office/accessCheck: would this user be let in here now? Opens nothing, so no cache. */
export function checkAccess(query: { userId: number; placeId: number }) {
  return callEndpoint(officeApi.accessCheck, { query });
}
