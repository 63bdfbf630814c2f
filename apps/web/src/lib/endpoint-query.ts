import { queryOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, Endpoint, ReplyOf } from '@cacifo/contract/endpoint';
import { callEndpoint } from './api-client';

/**
 * Query keys derive from the contract entry and its input (issue #21): `[area, endpoint id, input]`.
 * Invalidating `[area]` refreshes every query of an area; `[area, id]` every page of one list.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, input?: CallInput<E>) {
  return [endpoint.tag, endpoint.id, input ?? {}] as const;
}

/** The key prefix of every query of one endpoint, whatever its input (for invalidation). */
export const endpointKeyPrefix = (endpoint: Endpoint): QueryKey => [endpoint.tag, endpoint.id];

/** The key prefix of every query of an area (for invalidation after a write). */
export const areaKey = (endpoint: Endpoint): QueryKey => [endpoint.tag];

type Extra<E extends Endpoint> = Omit<
  UseQueryOptions<ReplyOf<E>, Error, ReplyOf<E>, ReturnType<typeof endpointKey<E>>>,
  'queryKey' | 'queryFn'
>;

/**
 * queryOptions for a GET endpoint: the key from the entry and its input, the fetcher from the typed
 * client. Polling, placeholders and the like go in `extra`, next to the query as ARCHITECTURE asks.
 */
export function endpointQuery<E extends Endpoint>(endpoint: E, input?: CallInput<E>, extra?: Extra<E>) {
  return queryOptions({
    ...extra,
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) =>
      (callEndpoint as (e: E, i?: CallInput<E>, o?: { signal?: AbortSignal }) => Promise<ReplyOf<E>>)(
        endpoint,
        input,
        { signal },
      ),
  });
}
