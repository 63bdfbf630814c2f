import { ROLE, type Role } from './roles.js';
import { can, type Module, ALL_MODULES } from './permissions.js';
import { NAV_GROUPS, type AppRoute, type NavGroup } from './nav-types.js';
import { ASSETS_AND_MARKETPLACE_ROUTES, OFFICE_AND_DELIVERY_ROUTES } from './nav-routes.js';

// The route table's types live in nav-types.ts, its first two parts in nav-routes.ts.
export { NAV_GROUPS, type AppRoute, type NavGroup };

/** The kiosk screen of the `screen` role: a screen of its own, outside the back-office shell. */
export const KIOSK_PATH = '/kiosk';

/** Every screen of SPEC §2, in menu order. Menu, router, page search and route guards derive from it. */
export const APP_ROUTES = [
  ...OFFICE_AND_DELIVERY_ROUTES,
  ...ASSETS_AND_MARKETPLACE_ROUTES,
  { id: 'admins', path: '/admins', permission: 'admins.view', group: 'administration', icon: 'safety' },
  {
    id: 'adminsLogs',
    path: '/admins/logs',
    permission: 'adminLogs.view',
    group: 'administration',
    icon: 'audit',
  },
  {
    id: 'adminsTools',
    path: '/admins/tools',
    permission: 'tools.manage',
    group: 'administration',
    icon: 'tool',
  },
  {
    id: 'adminsTerms',
    path: '/admins/terms',
    permission: 'tools.manage',
    group: 'administration',
    icon: 'file',
  },
  {
    id: 'adminsFaqs',
    path: '/admins/faqs',
    permission: 'tools.manage',
    group: 'administration',
    icon: 'question',
  },
  {
    id: 'integrations',
    path: '/admins/integrations',
    permission: 'integrations.manage',
    group: 'administration',
    icon: 'api',
  },
  {
    id: 'clients',
    path: '/admins/clients',
    permission: 'clients.manage',
    group: 'administration',
    icon: 'shop',
  },
  // Hidden entries: routable, not in the menu.
  { id: 'employees', path: '/employees', permission: 'employees.manage', hidden: true },
  { id: 'projects', path: '/projects', permission: 'office.manage', hidden: true },
  {
    id: 'locationConfigNew',
    path: '/locations/config/new',
    permission: 'locations.manage',
    hidden: true,
    group: 'dashboard',
    parent: 'locations',
  },
  {
    id: 'importOrders',
    path: '/import-orders',
    permission: 'orders.import',
    hidden: true,
    group: 'orders',
    parent: 'orders',
    icon: 'upload',
    menuOf: [ROLE.IMPORTER],
  },
  { id: 'userType', path: '/user-type', permission: 'office.manage', hidden: true },
  { id: 'service', path: '/service', permission: 'tools.manage', hidden: true },
  { id: 'serviceStatus', path: '/service-status', permission: 'service.view', hidden: true },
  // Other routes.
  {
    id: 'monitoring',
    path: '/monitoring',
    permission: 'monitoring.view',
    hidden: true,
    newTab: true,
    wall: true,
  },
  {
    id: 'courier',
    path: '/courier',
    permission: 'courier.home',
    hidden: true,
    group: 'orders',
    icon: 'inbox',
    menuOf: [ROLE.COURIER],
  },
  {
    id: 'courierOrders',
    path: '/courier/orders',
    permission: 'courier.home',
    hidden: true,
    group: 'orders',
    icon: 'history',
    menuOf: [ROLE.COURIER],
  },
  // Expired parcels to take back out of their lockers (issue #25): couriers, stores and admins.
  { id: 'returns', path: '/returns', permission: 'orders.returns', group: 'orders', icon: 'rollback' },
  // Every account's own details, password and PIN (the user menu's "Edit profile").
  { id: 'profile', path: '/profile', permission: 'session', hidden: true },
  { id: 'kiosk', path: KIOSK_PATH, permission: 'kiosk.use', hidden: true, bare: true },
  {
    id: 'officeUserDetails',
    path: '/office-users/details/:id',
    permission: 'office.view',
    hidden: true,
    group: 'office',
    parent: 'officeUsers',
  },
  {
    id: 'assetDetails',
    path: '/assets/details/:id',
    permission: 'assets.view',
    hidden: true,
    group: 'assets',
    parent: 'assets',
  },
  {
    id: 'orderDetails',
    path: '/orders/details/:orderId',
    permission: 'orders.view',
    hidden: true,
    group: 'orders',
    parent: 'orders',
  },
  {
    id: 'orderHistoryDetails',
    path: '/orders-history/details/:orderId',
    permission: 'orders.view',
    hidden: true,
    group: 'orders',
    parent: 'ordersHistory',
  },
  {
    id: 'locationDetails',
    path: '/locations/:id',
    permission: 'locations.view',
    hidden: true,
    group: 'dashboard',
    parent: 'locations',
  },
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof APP_ROUTES)[number]['id'];

export function routesFor(role: Role, modules: readonly Module[] = ALL_MODULES): AppRoute[] {
  return APP_ROUTES.filter((r) => can(role, r.permission, modules));
}

function inMenuOf(route: AppRoute, role: Role): boolean {
  return !route.hidden || (route.menuOf?.includes(role) ?? false);
}

/**
 * Menu: visible, non-hidden routes grouped in SPEC order; a group with no visible item of its own
 * is dropped. A route listed in other groups too (`alsoIn`) appears there after their own items.
 */
export function menuFor(role: Role, modules: readonly Module[] = ALL_MODULES) {
  const visible = routesFor(role, modules).filter((r) => inMenuOf(r, role));
  return NAV_GROUPS.map((group) => ({
    group,
    own: visible.filter((r) => r.group === group),
    also: visible.filter((r) => r.group !== group && r.alsoIn?.includes(group)),
  }))
    .filter((g) => g.own.length > 0)
    .map(({ group, own, also }) => ({ group, items: [...own, ...also] }));
}

/** Where each role lands after login; roles not named land on the dashboard. */
const ROLE_HOME: Partial<Record<Role, string>> = {
  [ROLE.COURIER]: '/courier',
  [ROLE.STORE]: '/orders',
  [ROLE.IMPORTER]: '/import-orders',
  [ROLE.SECURITY]: '/locations',
  [ROLE.DASH]: '/monitoring',
  [ROLE.SCREEN]: KIOSK_PATH,
};

/**
 * Where a role lands after login (and from `/` when it may not see the dashboard). A home that no
 * route of APP_ROUTES claims is a screen of its own (the kiosk) and is taken as it is; a home the
 * role may not open in this deployment (its module is off) falls back to its first page.
 */
export function homePathFor(role: Role, modules: readonly Module[] = ALL_MODULES): string {
  const wanted = ROLE_HOME[role] ?? '/';
  const route = APP_ROUTES.find((r) => r.path === wanted);
  if (!route) return wanted;
  const allowed = routesFor(role, modules);
  if (allowed.some((r) => r.path === wanted)) return wanted;
  return allowed.find((r) => !r.path.includes(':') && r.permission !== 'session')?.path ?? '/profile';
}

/**
 * Where the user menu's "Edit profile" goes: SPEC §2 says /admins (/employees for the store role),
 * whose screens open the profile on arrival; a role that may open neither gets /profile.
 */
export function profilePathFor(role: Role, modules: readonly Module[] = ALL_MODULES): string {
  const listPath = role === ROLE.STORE ? '/employees' : '/admins';
  const allowed = routesFor(role, modules);
  return allowed.some((r) => r.path === listPath) ? listPath : '/profile';
}
