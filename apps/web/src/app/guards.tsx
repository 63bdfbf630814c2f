import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { can } from '@cacifo/contract/permissions';
import { homePathFor } from '@cacifo/contract/navigation';
import type { AppRoute } from '@cacifo/contract';
import { useSession, useSessionEndReason } from '@/lib/session';
import { useEffectiveLayout } from './layout/use-effective-layout';
import { LOGIN_PATH } from '@cacifo/contract/route-paths';

export const NOT_AUTHORIZED_PATH = '/misc/not-authorized';

/** No session: to /login, saying why (expired) and remembering where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const endReason = useSessionEndReason();
  const { pathname } = useLocation();
  if (!session) {
    return <Navigate to={LOGIN_PATH} replace state={{ reason: endReason ?? undefined, from: pathname }} />;
  }
  return children;
}

/**
 * SPEC §5: a route the role may not see redirects to /login from the sidebar layout and to
 * misc/not-authorized from the horizontal one. `/` is everyone's door in, so it sends a role
 * without the dashboard to its own home instead.
 */
export function RequirePermission({ route, children }: { route: AppRoute; children: ReactNode }) {
  const session = useSession();
  const { layout } = useEffectiveLayout();
  const { pathname } = useLocation();
  if (!session) return null;
  if (can(session.userRole, route.permission, session.modules)) return children;
  const home = homePathFor(session.userRole, session.modules);
  if (route.path === '/' && home !== '/') return <Navigate to={home} replace />;
  if (layout === 'horizontal') return <Navigate to={NOT_AUTHORIZED_PATH} replace />;
  return <Navigate to={LOGIN_PATH} replace state={{ reason: 'forbidden', from: pathname }} />;
}
