import { officeApi } from '@cacifo/contract/endpoints/office';
import { areaKey, endpointKeyPrefix } from '@/lib/endpoint-query';
import { REALTIME_TOPIC } from '@cacifo/contract/realtime';
import { onRealtimeMessage } from '@/lib/realtime';
import { realtimeTopicsWhileShown } from '@/lib/realtime-topics';

/** Every office query (keys come from the contract entries): a write refreshes them all. */
export const officeQueries = areaKey(officeApi.users);

/** The queries that show users or who holds a locker. */
const userScreens = [
  officeApi.users,
  officeApi.user,
  officeApi.userKpis,
  officeApi.userGroups,
  officeApi.expiredLockers,
  officeApi.lockers,
];

// RefreshUsers: any user change (here or in another tab) refreshes every user screen.
onRealtimeMessage('RefreshUsers', (_data, qc) => {
  for (const endpoint of userScreens) void qc.invalidateQueries({ queryKey: endpointKeyPrefix(endpoint) });
});
for (const endpoint of userScreens)
  realtimeTopicsWhileShown(endpointKeyPrefix(endpoint), [REALTIME_TOPIC.USERS]);
