import { useQuery } from '@tanstack/react-query';
import { wallApi } from '@cacifo/contract/endpoints/wall';
import { endpointQuery } from '@/lib/endpoint-query';
import { ALERTS_POLL_MS } from '@/lib/queries/alerts';

/** GET api/julian/wall/conflicts: the latest things walls did alone that the server could not accept as they came. */
export function useWallConflicts() {
  return useQuery(
    endpointQuery(
      wallApi.conflicts,
      { query: { max_results: 20, offset: 0 } },
      { refetchInterval: ALERTS_POLL_MS },
    ),
  );
}
