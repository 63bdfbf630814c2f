import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@cacifo/contract/endpoints/orders';
import { endpointQuery } from '@/lib/endpoint-query';

/** GET api/delivery/analytics (locationId, dateRange `YYYY-MM-DD|YYYY-MM-DD`). */
export function useDeliveryAnalytics(
  params: { locationId?: number | undefined; dateRange?: string | undefined },
  enabled = true,
) {
  return useQuery(
    endpointQuery(ordersApi.analytics, { query: params }, { enabled, placeholderData: keepPreviousData }),
  );
}
