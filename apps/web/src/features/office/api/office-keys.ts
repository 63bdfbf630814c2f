import type { Endpoint } from '@cacifo/contract/endpoint';
import { officeApi } from '@cacifo/contract/endpoints/office';
import { areaKey, endpointKeyPrefix } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

/** Every office query (keys come from the contract entries): a write refreshes them all. */
export const officeQueries = areaKey(officeApi.users);

/**
 * A query that shows users or who holds a locker: RefreshUsers (any user change, here or in another
 * tab) refreshes it, and the socket listens to the users topic while it is shown. Each such query's
 * file calls it next to the query.
 */
export function refreshedByUserChanges(endpoint: Endpoint): void {
  const prefix = endpointKeyPrefix(endpoint);
  onRealtimeMessage('RefreshUsers', (_data, qc) => void qc.invalidateQueries({ queryKey: prefix }));
  realtimeTopicsWhileShown(prefix, [REALTIME_TOPIC.USERS]);
}
