import type { Permission } from '@cacifo/contract';

/**
 * What wall credentials are made of, besides parcels (issue #32): office users' cards, PINs,
 * lockers, groups and schedules, asset takers, staff couriers' PINs and roles, carrier keys. A
 * write through a route of these permissions (answered 2xx, so committed) makes every wall's set
 * be built again at once, not at the next sweep.
 */
export const CREDENTIAL_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  'office.manage',
  'schedules.manage',
  'assets.manage',
  'employees.manage',
  'admins.manage',
  'admins.edit',
  'integrations.manage',
]);

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Said where credential inputs change outside such a route: a PIN's place hashes made (set by staff,
 * by a courier on their profile, or typed at a kiosk), a carrier key's code secret made when its
 * partner first asked for its codes.
 * Every server in the process hears it (tests run several): one more build, never a wrong set.
 */
export function credentialInputsChanged(): void {
  for (const listener of listeners) listener();
}

export function onCredentialInputsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
