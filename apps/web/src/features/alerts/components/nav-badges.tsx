import { CountBadge } from '@/components/count-badge';
import { useAlertsCount, useExpiredCounts } from '@/lib/queries/alerts';

/** Menu badge of /alerts: lockers in alert, polled every 30 s (SPEC §9). */
export function AlertsBadge() {
  const { data } = useAlertsCount();
  return <CountBadge count={data ?? 0} />;
}

/** Menu badge of /expired-lockers (office). */
export function ExpiredOfficeBadge() {
  const { data } = useExpiredCounts();
  return <CountBadge count={data?.office ?? 0} tone="warning" />;
}

/** Menu badge of /expired-lockers-delivery. */
export function ExpiredDeliveryBadge() {
  const { data } = useExpiredCounts();
  return <CountBadge count={data?.delivery ?? 0} tone="warning" />;
}
