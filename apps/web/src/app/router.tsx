import { lazy, Suspense, type ReactNode } from 'react';
import { matchPath, useLocation, useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import { LOGIN_PATH } from '@cacifo/contract/route-paths';
import { useSession } from '@/lib/session';
import { FullPageLoading } from './full-page-loading';
import { RequireAuth } from './guards';
import { loadSignedInApp } from './signed-in-app-loader';

// The entry's router: the login page and, for every other path, the signed-in app, each its own
// chunk. The entry itself holds no antd, TanStack Query or zod, so /login stays small (issue #34).
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const SignedInApp = lazy(loadSignedInApp);

const isAppPath = (pathname: string) => APP_ROUTES.some((r) => matchPath(r.path, pathname));

/**
 * A visitor on a signed-in screen goes to /login from here, before the signed-in app downloads (the
 * app's own guards would send them too, after it). Unknown paths and the not-authorized page are
 * drawn by the app. One element type for all, so moving between them never remounts the app.
 */
function VisitorGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session && isAppPath(pathname)) return <RequireAuth>{children}</RequireAuth>;
  return children;
}

const routes: RouteObject[] = [
  { path: LOGIN_PATH, element: <LoginPage /> },
  {
    path: '*',
    element: (
      <VisitorGate>
        <SignedInApp />
      </VisitorGate>
    ),
  },
];

/**
 * Declarative routing (`useRoutes` inside a `BrowserRouter`), not a data router: no screen uses
 * loaders or actions, and createBrowserRouter's data layer alone cost /login 16 KB gzip.
 */
export function AppRoutes() {
  return <Suspense fallback={<FullPageLoading />}>{useRoutes(routes)}</Suspense>;
}
