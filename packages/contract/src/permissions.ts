import { ROLE, type AccountRole, type Role } from './roles.js';
import { defineCodes, type CodeOf } from './codes/define.js';
import { API_SCOPE, type ApiScope } from './codes/partner.js';

/** Deployment modules (DECISIONS.md): each can be switched off with the MODULES setting. */
export const MODULE = {
  OFFICE: 'office',
  DELIVERY: 'delivery',
  ASSETS: 'assets',
  MARKETPLACE: 'marketplace',
} as const;
export const moduleCode = defineCodes('module', MODULE);
export type Module = CodeOf<typeof MODULE>;
export const ALL_MODULES: readonly Module[] = moduleCode.values;

const { ADMIN, EDITOR, COURIER, STORE, IMPORTER, SECURITY, SCREEN, DASH } = ROLE;
const EVERY_ACCOUNT: readonly AccountRole[] = [
  ADMIN,
  EDITOR,
  COURIER,
  STORE,
  IMPORTER,
  SECURITY,
  SCREEN,
  DASH,
];

interface PermissionRule {
  /** Roles allowed; the server denies every other role (deny by default). */
  roles: readonly Role[];
  /** Modules that carry it: the permission exists when any of them is enabled; empty = core. */
  modules: readonly Module[];
  /**
   * A partner route (issue #24): reached only with an API key holding this scope, never with a
   * session token (so `roles` is empty).
   */
  scope?: ApiScope;
}

/**
 * The one permission table (DECISIONS.md "Roles: the server decides"). Every server route names one
 * of these keys; the web uses the same table to hide menus and routes.
 */
export const PERMISSIONS = {
  /** Anyone, logged in or not: token grant, health. */
  public: { roles: [ROLE.VISITOR, ...EVERY_ACCOUNT], modules: [] },
  /** Any logged-in account: own session, profile, bookmarks, page search. */
  session: { roles: EVERY_ACCOUNT, modules: [] },
  'dashboard.view': { roles: [ADMIN, EDITOR], modules: [] },
  'locations.view': { roles: [ADMIN, EDITOR, SECURITY, DASH], modules: [] },
  'locations.manage': { roles: [ADMIN, EDITOR], modules: [] },
  'locations.mode': { roles: [ADMIN, EDITOR], modules: [] },
  'locations.emergency': { roles: [ADMIN, EDITOR, SECURITY], modules: [] },
  'doors.open': { roles: [ADMIN, EDITOR], modules: [] },
  'alerts.view': { roles: [ADMIN, EDITOR, SECURITY], modules: [] },
  /** Acknowledging an alert (who, when, note): whoever watches the alerts answers them (issue #27). */
  'alerts.acknowledge': { roles: [ADMIN, EDITOR, SECURITY], modules: [] },
  'monitoring.view': { roles: [ADMIN, EDITOR, SECURITY, DASH], modules: [] },
  'service.view': { roles: [ADMIN, EDITOR], modules: [] },
  /**
   * The health check's details (issue #31): database and dialect, device driver, controller count
   * and broker link, version and serving instance. Every other caller gets the status, and a
   * signed-in one the modules and features its screens need.
   */
  'health.details': { roles: [ADMIN], modules: [] },
  'office.view': { roles: [ADMIN, EDITOR], modules: [MODULE.OFFICE] },
  'office.manage': { roles: [ADMIN, EDITOR], modules: [MODULE.OFFICE] },
  'schedules.manage': { roles: [ADMIN, EDITOR], modules: [MODULE.OFFICE, MODULE.ASSETS] },
  'orders.view': { roles: [ADMIN, STORE], modules: [MODULE.DELIVERY] },
  'orders.manage': { roles: [ADMIN, STORE], modules: [MODULE.DELIVERY] },
  'orders.search': { roles: [ADMIN, STORE, COURIER], modules: [MODULE.DELIVERY] },
  'orders.deposit': { roles: [ADMIN, STORE, COURIER], modules: [MODULE.DELIVERY] },
  'orders.import': { roles: [ADMIN, IMPORTER], modules: [MODULE.DELIVERY] },
  'orders.analytics': { roles: [ADMIN], modules: [MODULE.DELIVERY] },
  /** Taking delivery lockers out of service and back. */
  'lockers.enable': { roles: [ADMIN], modules: [MODULE.DELIVERY] },
  /** The return list of expired parcels and opening their doors to take them back (issue #25). */
  'orders.returns': { roles: [ADMIN, STORE, COURIER], modules: [MODULE.DELIVERY] },
  'courier.home': { roles: [COURIER], modules: [MODULE.DELIVERY] },
  'assets.view': { roles: [ADMIN, EDITOR], modules: [MODULE.ASSETS] },
  'assets.manage': { roles: [ADMIN, EDITOR], modules: [MODULE.ASSETS] },
  'assets.warnings': { roles: [ADMIN], modules: [MODULE.ASSETS] },
  'marketplace.view': { roles: [ADMIN], modules: [MODULE.MARKETPLACE] },
  'marketplace.manage': { roles: [ADMIN], modules: [MODULE.MARKETPLACE] },
  'admins.view': { roles: [ADMIN, EDITOR], modules: [] },
  /** Contact details (name, e-mail, phone, notifications) of staff and screen accounts. */
  'admins.edit': { roles: [ADMIN, EDITOR], modules: [] },
  'admins.manage': { roles: [ADMIN], modules: [] },
  /**
   * Another account's access (issue #31): its role, its kiosk's location, whether it is enabled,
   * its password and PIN (ACCOUNT_ACCESS_FIELDS), and any edit of an account that itself holds this
   * permission. Whoever lacks it edits contact details only; this row is the only place that says so.
   */
  'accounts.manageAccess': { roles: [ADMIN], modules: [] },
  /** Reading any account's role entry by username (SPEC §7); everyone else reads only its own. */
  'accounts.lookup': { roles: [ADMIN], modules: [] },
  /** Not confined to one company: every company's orders and store accounts, and orders of none. */
  'companies.all': { roles: [ADMIN], modules: [] },
  'adminLogs.view': { roles: [ADMIN, EDITOR], modules: [] },
  'employees.manage': { roles: [ADMIN, STORE], modules: [] },
  'tools.manage': { roles: [ADMIN], modules: [] },
  'data.reset': { roles: [ADMIN], modules: [] },
  /** Kiosk calls of the screen role (its own location only). */
  'kiosk.use': { roles: [SCREEN], modules: [] },
  /**
   * Administration > Integrations: partner API keys and webhooks (issue #24). The operator manages
   * every client's; a client's admin (store role) its own client's only (issue #31, ADR 0205): the
   * tenant scope confines its reads and writes, and a key it makes always belongs to its client.
   */
  'integrations.manage': { roles: [ADMIN, STORE], modules: [] },
  /** Administration > Clients (issue #31): create, rename, disable, retention, granted locations. */
  'clients.manage': { roles: [ADMIN], modules: [] },
  /** A client's monthly usage per location: its admin (store role) its own, the operator any. */
  'clients.usage': { roles: [ADMIN, STORE], modules: [MODULE.DELIVERY] },
  /** Exporting and erasing one recipient's personal data (issue #31); each is admin-logged. */
  'recipients.data': { roles: [ADMIN], modules: [] },
  // Partner routes (/api/partner/v1): an API key with the scope, never a role (issue #24).
  'partner.orders.write': { roles: [], modules: [MODULE.DELIVERY], scope: API_SCOPE.ORDERS_WRITE },
  'partner.orders.read': { roles: [], modules: [MODULE.DELIVERY], scope: API_SCOPE.ORDERS_READ },
  'partner.lockers.read': { roles: [], modules: [MODULE.DELIVERY], scope: API_SCOPE.LOCKERS_READ },
  'partner.webhooks.manage': { roles: [], modules: [], scope: API_SCOPE.WEBHOOKS_MANAGE },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

/** The fields of an account edit that need 'accounts.manageAccess' (besides enabling or disabling it). */
export const ACCOUNT_ACCESS_FIELDS = ['role', 'kioskPlaceId', 'password', 'pin'] as const;
export type AccountAccessField = (typeof ACCOUNT_ACCESS_FIELDS)[number];
/** The permissions of partner routes: reached with an API key of their scope (issue #24). */
export type PartnerPermission = {
  [K in Permission]: (typeof PERMISSIONS)[K] extends { scope: string } ? K : never;
}[Permission];
export const permissionKeys = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);
}

/** The API-key scope a partner route needs; null for every route of the back-office. */
export function apiScopeOf(permission: Permission): ApiScope | null {
  const rule: PermissionRule = PERMISSIONS[permission];
  return rule.scope ?? null;
}

/** Is `permission` available in this deployment (one of its modules enabled, or core)? */
export function permissionEnabled(permission: Permission, modules: readonly Module[]): boolean {
  const rule: PermissionRule = PERMISSIONS[permission];
  return rule.modules.length === 0 || rule.modules.some((m) => modules.includes(m));
}

/** May `role` use `permission` in a deployment with `modules` enabled? Deny by default. */
export function can(role: Role, permission: Permission, modules: readonly Module[] = ALL_MODULES): boolean {
  const rule: PermissionRule | undefined = PERMISSIONS[permission];
  if (!rule) return false;
  return rule.roles.includes(role) && permissionEnabled(permission, modules);
}
