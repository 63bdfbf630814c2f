import { can } from '@cacifo/contract/permissions';
import type { Permission } from '@cacifo/contract';
import { useSession } from '@/lib/session';

/** Hides what the role may not do; the server refuses it anyway (the web only hides). */
export function useCan(permission: Permission = 'office.manage'): boolean {
  const session = useSession();
  return !!session && can(session.userRole, permission, session.modules);
}
