import type { Role } from './roles.js';
import type { Permission } from './permissions.js';

// The shape of a screen in the route table (navigation.ts re-exports it).

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
