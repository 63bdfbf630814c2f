import type { ComponentType } from 'react';
import type { AppRouteId } from '@cacifo/contract';
import {
  AlertsBadge,
  ExpiredDeliveryBadge,
  ExpiredOfficeBadge,
} from '@/features/alerts/components/nav-badges';

/**
 * Badge slots of the menu (SPEC §2: alert count and the two expired-locker counts).
 *
 * A feature fills a slot with a small component that reads its own query (polling is declared next
 * to that query) and renders `<CountBadge count={n} />`, or null while it has nothing to say:
 *
 * ```tsx
 * // src/features/alerts/components/alerts-badge.tsx
 * export function AlertsBadge() {
 *   const { data } = useAlertsCount();
 *   return <CountBadge count={data ?? 0} />;
 * }
 * // here:
 * export const NAV_BADGES: NavBadges = { alerts: AlertsBadge };
 * ```
 *
 * The menu renders the slot next to the item's label in every layout; an empty slot renders nothing.
 */
const NAV_BADGE_SLOTS = ['alerts', 'expiredLockers', 'expiredLockersDelivery'] as const;
export type NavBadgeSlot = (typeof NAV_BADGE_SLOTS)[number] & AppRouteId;
type NavBadges = Partial<Record<NavBadgeSlot, ComponentType>>;

const NAV_BADGES: NavBadges = {
  alerts: AlertsBadge,
  expiredLockers: ExpiredOfficeBadge,
  expiredLockersDelivery: ExpiredDeliveryBadge,
};

function isBadgeSlot(id: string): id is NavBadgeSlot {
  return (NAV_BADGE_SLOTS as readonly string[]).includes(id);
}

/** Renders the slot's component when one is registered. */
export function NavBadge({ routeId }: { routeId: string }) {
  if (!isBadgeSlot(routeId)) return null;
  const Badge = NAV_BADGES[routeId];
  return (
    <span className="nav-badge-slot" data-badge-slot={routeId}>
      {Badge && <Badge />}
    </span>
  );
}
