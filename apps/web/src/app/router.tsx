import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import type { AppRoute } from '@cacifo/contract';
import { RequireAuth, RequirePermission, NOT_AUTHORIZED_PATH } from './guards';
import { FullPageLoading } from './full-page-loading';
import { ROUTE_PAGES } from './route-pages';

// The shell is only downloaded once someone is signed in; /login stays small.
const AppLayout = lazy(() => import('./layout/app-layout'));

const Component = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Each screen is its own chunk; the permission check runs before the chunk is even requested. */
function screen(route: AppRoute): RouteObject {
  const Page = lazy(ROUTE_PAGES[route.id as keyof typeof ROUTE_PAGES]);
  return {
    path: route.path,
    element: (
      <RequirePermission route={route}>
        <Page />
      </RequirePermission>
    ),
  };
}

export const routes: RouteObject[] = [
  { path: '/login', lazy: Component(() => import('@/features/auth/pages/login-page')) },
  { path: NOT_AUTHORIZED_PATH, lazy: Component(() => import('./misc/not-authorized-page')) },
  {
    element: (
      <RequireAuth>
        <Suspense fallback={<FullPageLoading />}>
          <AppLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: APP_ROUTES.map(screen),
  },
  { path: '*', lazy: Component(() => import('./misc/not-found-page')) },
];

export const router = createBrowserRouter(routes);
