import { defineCodes, type CodeOf } from './codes/define.js';

/** Every role Cacifo knows (SPEC §6, DECISIONS.md). `visitor` is the caller before login. */
export const ROLE = {
  VISITOR: 'visitor',
  ADMIN: 'admin',
  EDITOR: 'editor',
  COURIER: 'courier',
  STORE: 'store',
  IMPORTER: 'cacifo_importer',
  SECURITY: 'security',
  SCREEN: 'screen',
  DASH: 'dash',
} as const;
export const role = defineCodes('role', ROLE);
export type Role = CodeOf<typeof ROLE>;
/** Roles an account can hold (visitor is no account). */
export type AccountRole = Exclude<Role, 'visitor'>;
export const ACCOUNT_ROLES = role.values.filter((r): r is AccountRole => r !== ROLE.VISITOR);

/** SPEC §3 role options for admins: value, label and whether it is offered (enabled) by default. */
export const ADMIN_ROLE_OPTIONS = [
  { value: ROLE.ADMIN, label: 'Administrator', enabled: true },
  { value: ROLE.SECURITY, label: 'Security', enabled: false },
  { value: ROLE.COURIER, label: 'Courier', enabled: true },
  { value: ROLE.IMPORTER, label: 'Importer Store', enabled: false },
] as const;

/** SPEC §3 role options for screen users, with the backend role name each one maps to. */
export const SCREEN_ROLE_OPTIONS = [
  { value: ROLE.DASH, label: 'ROLE_DASH', enabled: false },
  { value: ROLE.COURIER, label: 'ROLE_COURIER', enabled: false },
  { value: ROLE.SCREEN, label: 'ROLE_SCREEN', enabled: true },
] as const;

/** The `roles` list that `GET api/store/username/{username}` answers, as the legacy client expects. */
export function backendRoleName(r: AccountRole): string {
  return `ROLE_${r.toUpperCase()}`;
}
