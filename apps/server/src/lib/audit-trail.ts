import { AsyncLocalStorage } from 'node:async_hooks';
import { ROLE, type AccountRole } from '@cacifo/contract';

/**
 * Every staff write leaves its admin log row (issue #35). The route layer runs each staff write
 * inside a trail; the repositories that write audit rows (admin_logs, and an order's own history in
 * order_logs) note each row here, so the route layer can tell, once for every route, whether the
 * handler audited what it did. No handler has to remember anything.
 */
interface Trail {
  rows: number;
  /** The write was refused in every part and changed nothing (a bulk action whose every row failed). */
  unchanged: boolean;
}
const storage = new AsyncLocalStorage<Trail>();

/** Called by the repositories that insert audit rows; a no-op outside a trail (jobs, seeds). */
export function noteAuditRow(count = 1): void {
  const trail = storage.getStore();
  if (trail) trail.rows += count;
}

/** Said by a write that answered success yet changed nothing, so it owes no audit row. */
export function noteUnchanged(): void {
  const trail = storage.getStore();
  if (trail) trail.unchanged = true;
}

/** Runs `fn` in a fresh trail; answers its result and whether it audited what it did. */
export async function withAuditTrail<T>(fn: () => Promise<T> | T): Promise<{ result: T; audited: boolean }> {
  const trail: Trail = { rows: 0, unchanged: false };
  const result = await storage.run(trail, fn);
  return { result, audited: trail.rows > 0 || trail.unchanged };
}

/** Staff: every account but the kiosk screen, which acts for the public at the wall. */
export function isStaff(role: AccountRole): boolean {
  return role !== ROLE.SCREEN;
}

/**
 * Writes a staff member makes that are not administration, each with its reason. Everything else a
 * staff account writes through the API must leave an audit row.
 */
export const AUDIT_EXEMPT: Readonly<Record<string, string>> = {
  'auth.token': 'signing in: the session table and the sign-in limits record it',
  'auth.logout': 'ending one’s own session',
  'shell.updateBookmark': 'a personal bookmark',
  'admins.updateProfile': 'one’s own profile',
  'admins.changePassword': 'one’s own password',
  'admins.changePin': 'one’s own PIN',
  'notifications.previewTemplate': 'renders a preview, stores nothing',
  'orders.importPreview': 'reads a file, stores nothing',
  // The simulated wall's hands, development only: what they cause is recorded as door events.
  'POST /api/dev/simulator/:placeId/doors/:door/:action': 'a simulated hand at a door (development only)',
  'POST /api/dev/simulator/:placeId/doors/:door/tags': 'simulated RFID tags in a locker (development only)',
  'POST /api/dev/simulator/:placeId/offline': 'a simulated controller outage (development only)',
  'orders.importOrders':
    'answers at once; the import job writes each order with its history row (order_logs)',
};
