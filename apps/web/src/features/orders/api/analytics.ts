import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryAnalytics } from '@cacifo/contract/schemas/orders';
import { api } from '@/lib/api-client';
import { orderKeys } from './keys';

/** GET api/delivery/analytics (locationId, dateRange `YYYY-MM-DD|YYYY-MM-DD`). */
export function useDeliveryAnalytics(
  params: { locationId?: number | undefined; dateRange?: string | undefined },
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: orderKeys.analytics(params),
    queryFn: ({ signal }) => api.get<DeliveryAnalytics>('/api/delivery/analytics', { signal, query: params }),
    placeholderData: keepPreviousData,
  });
}
