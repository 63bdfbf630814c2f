import type { AccessReason } from '@cacifo/contract/schemas/office';
import { api } from '@/lib/api-client';

export type AccessDecision =
  { granted: true; lockerIds: number[] } | { granted: false; reason: AccessReason };

/** GET api/julian/office/accessCheck: would this user be let in here now? Opens nothing, so no cache. */
export function checkAccess(input: { userId: number; placeId: number }): Promise<AccessDecision> {
  return api.get<AccessDecision>('/api/julian/office/accessCheck', { query: input });
}
