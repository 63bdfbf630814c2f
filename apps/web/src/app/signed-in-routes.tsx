import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import type { AppRoute, AppRouteId } from '@cacifo/contract';
import { RequireAuth, RequirePermission, NOT_AUTHORIZED_PATH } from './guards';
import { FullPageLoading } from './full-page-loading';

// Downloaded with the signed-in app (the layout by the first screen): not part of /login.
const AppLayout = lazy(() => import('./layout/app-layout'));
const NotAuthorizedPage = lazy(() => import('./misc/not-authorized-page'));
const NotFoundPage = lazy(() => import('./misc/not-found-page'));

/**
 * Each screen is its own chunk; the permission check runs before the chunk is even requested. The
 * table of page loaders is a small chunk of the shell (which every screen loads anyway), not part
 * of /login; it is fetched beside the shell, so the page's chunk does not wait for the whole shell.
 */
function screen(route: AppRoute): RouteObject {
  const Page = lazy(() => import('./route-pages').then((m) => m.ROUTE_PAGES[route.id as AppRouteId]()));
  return {
    path: route.path,
    element: (
      <RequirePermission route={route}>
        <Page />
      </RequirePermission>
    ),
  };
}

const routes: RouteObject[] = [
  { path: NOT_AUTHORIZED_PATH, element: <NotAuthorizedPage /> },
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<FullPageLoading />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: APP_ROUTES.filter((r) => !('bare' in r && r.bare)).map(screen),
  },
  // Full screens without the shell (the kiosk at a locker wall): signed in, no sidebar or navbar.
  ...APP_ROUTES.filter((r) => 'bare' in r && r.bare).map((r) => ({
    ...screen(r),
    element: (
      <RequireAuth>
        <Suspense fallback={<FullPageLoading />}>{screen(r).element}</Suspense>
      </RequireAuth>
    ),
  })),
  { path: '*', element: <NotFoundPage /> },
];

/** Every path but /login, below the entry's router (router.tsx), inside the app's providers. */
export function SignedInRoutes() {
  return <Suspense fallback={<FullPageLoading />}>{useRoutes(routes)}</Suspense>;
}
