import { ROLE, type Role } from './roles.js';
import { can, type Module, type Permission, ALL_MODULES } from './permissions.js';

/** Sidebar groups in SPEC §2 order. */
export const NAV_GROUPS = [
  'dashboard',
  'office',
  'orders',
  'notifications',
  'assets',
  'marketplace',
  'administration',
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface AppRoute {
  /** Stable id; also the translation key `nav.<id>`. */
  id: string;
  /** React Router path; `:param` for detail routes. */
  path: string;
  permission: Permission;
  /** Sidebar group; absent for routes that are never in the menu. */
  group?: NavGroup;
  /** Also listed under these groups, when they have entries of their own (schedules drive office access too). */
  alsoIn?: readonly NavGroup[];
  /** Hidden entries (SPEC §2) are routable but not in the menu... */
  hidden?: boolean;
  /** ...except in the menu of these roles, for whom it is their own page (courier, importer). */
  menuOf?: readonly Role[];
  /** Antd icon name hint for menu and search. */
  icon?: string;
  /** Opens in a new tab from the menu (SPEC: /monitoring). */
  newTab?: boolean;
  /** The list a detail screen belongs to: its breadcrumb links back to it. */
  parent?: string;
  /** A wall display: drawn without menu, navbar and footer (it shows the user menu itself). */
  wall?: boolean;
  /** A full screen of its own, without the shell (sidebar, navbar, footer): the kiosk. */
  bare?: boolean;
}

/** The kiosk screen of the `screen` role: a screen of its own, outside the back-office shell. */
export const KIOSK_PATH = '/kiosk';

/** Every screen of SPEC §2, in menu order. Menu, router, page search and route guards derive from it. */
export const APP_ROUTES = [
  { id: 'home', path: '/', permission: 'dashboard.view', group: 'dashboard', icon: 'home' },
  {
    id: 'locations',
    path: '/locations',
    permission: 'locations.view',
    group: 'dashboard',
    icon: 'environment',
  },
  {
    id: 'dashboardOffice',
    path: '/dashboard-office',
    permission: 'office.view',
    group: 'office',
    icon: 'dashboard',
  },
  { id: 'officeUsers', path: '/office-users', permission: 'office.view', group: 'office', icon: 'user' },
  {
    id: 'userGroupsOffice',
    path: '/user-groups-office',
    permission: 'office.view',
    group: 'office',
    icon: 'team',
  },
  { id: 'activity', path: '/activity', permission: 'office.view', group: 'office', icon: 'history' },
  {
    id: 'expiredLockers',
    path: '/expired-lockers',
    permission: 'office.view',
    group: 'office',
    icon: 'clock',
  },
  {
    id: 'dashboardDelivery',
    path: '/dashboard-delivery',
    permission: 'orders.view',
    group: 'orders',
    icon: 'dashboard',
  },
  {
    id: 'lockerList',
    path: '/admins/lockers',
    permission: 'orders.manage',
    group: 'orders',
    icon: 'appstore',
  },
  {
    id: 'newOrder',
    path: '/orders/details/new',
    permission: 'orders.manage',
    group: 'orders',
    parent: 'orders',
    icon: 'plus',
  },
  { id: 'orders', path: '/orders', permission: 'orders.view', group: 'orders', icon: 'inbox' },
  {
    id: 'depositedOrders',
    path: '/deposited-orders',
    permission: 'orders.view',
    group: 'orders',
    icon: 'download',
  },
  {
    id: 'ordersHistory',
    path: '/orders-history',
    permission: 'orders.view',
    group: 'orders',
    icon: 'history',
  },
  {
    id: 'archivedOrders',
    path: '/archived-orders',
    permission: 'orders.view',
    group: 'orders',
    icon: 'container',
  },
  { id: 'ordersLogs', path: '/orders-logs', permission: 'orders.view', group: 'orders', icon: 'fileText' },
  {
    id: 'expiredLockersDelivery',
    path: '/expired-lockers-delivery',
    permission: 'orders.view',
    group: 'orders',
    icon: 'clock',
  },
  {
    id: 'deliveryAnalytics',
    path: '/delivery-analytics',
    permission: 'orders.analytics',
    group: 'orders',
    icon: 'barChart',
  },
  {
    id: 'usage',
    path: '/usage',
    permission: 'clients.usage',
    group: 'orders',
    icon: 'barChart',
  },
  { id: 'alerts', path: '/alerts', permission: 'alerts.view', group: 'notifications', icon: 'alert' },
  {
    id: 'dashboardAssets',
    path: '/dashboard-assets',
    permission: 'assets.view',
    group: 'assets',
    icon: 'dashboard',
  },
  { id: 'assets', path: '/assets', permission: 'assets.view', group: 'assets', icon: 'tag' },
  { id: 'assetsLogs', path: '/assets-logs', permission: 'assets.view', group: 'assets', icon: 'fileText' },
  {
    id: 'assetCategories',
    path: '/asset-categories',
    permission: 'assets.view',
    group: 'assets',
    icon: 'folder',
  },
  { id: 'assetUsers', path: '/asset-users', permission: 'assets.view', group: 'assets', icon: 'user' },
  {
    id: 'userGroupsAssets',
    path: '/user-groups-assets',
    permission: 'assets.view',
    group: 'assets',
    icon: 'team',
  },
  {
    id: 'schedules',
    path: '/schedules',
    permission: 'schedules.manage',
    group: 'assets',
    alsoIn: ['office'],
    icon: 'calendar',
  },
  {
    id: 'marketplace',
    path: '/marketplace',
    permission: 'marketplace.view',
    group: 'marketplace',
    icon: 'shop',
  },
  {
    id: 'marketplaceSettings',
    path: '/marketplace/settings',
    permission: 'marketplace.view',
    group: 'marketplace',
    icon: 'setting',
  },
  {
    id: 'marketplaceVisitor',
    path: '/marketplace/visitor',
    permission: 'marketplace.view',
    group: 'marketplace',
  },
  {
    id: 'marketplaceGuest',
    path: '/marketplace/guest',
    permission: 'marketplace.view',
    group: 'marketplace',
  },
  {
    id: 'marketplaceGroup',
    path: '/marketplace/group',
    permission: 'marketplace.view',
    group: 'marketplace',
  },
  {
    id: 'marketplaceHealth',
    path: '/marketplace/health',
    permission: 'marketplace.view',
    group: 'marketplace',
  },
  {
    id: 'marketplaceOther',
    path: '/marketplace/other',
    permission: 'marketplace.view',
    group: 'marketplace',
  },
  {
    id: 'marketplaceTransactions',
    path: '/marketplace/transactions',
    permission: 'marketplace.view',
    group: 'marketplace',
    icon: 'transaction',
  },
  {
    id: 'marketplaceLogs',
    path: '/marketplace/logs',
    permission: 'marketplace.view',
    group: 'marketplace',
    icon: 'fileText',
  },
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
