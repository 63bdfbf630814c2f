import { lazy, Suspense, use, useState } from 'react';
import { App as AntApp, Layout, Spin } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@cacifo/contract/navigation';
import { useCurrentUserSync } from '@/features/auth/api/get-current-user';
import { useCustomizer } from '@/lib/customizer';
import { FeedbackHost } from '@/lib/feedback';
import { allMessagesReady } from '@/lib/i18n';
import { useRealtimeConnection } from '@/lib/realtime';
import { ShellSlotsContext, type ShellSlots } from '@/lib/shell-slots';
import { ErrorBoundary } from '../error-boundary';
import { AppFooter } from './app-footer';
import { HorizontalMenu } from './horizontal-menu';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useDayjsLocale } from './use-dayjs-locale';
import { useEffectiveLayout } from './use-effective-layout';
import { useRouteFocus } from './use-route-focus';
import { UserMenu } from './user-menu';

// The page-loader table belongs to the shell (its own small chunk, which the router also asks for).
// Not needed for the first paint of a wide screen: loaded beside the page, not before it.
const BackToTop = lazy(() => import('./back-to-top'));
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

const WALL_PATHS: ReadonlySet<string> = new Set(
  APP_ROUTES.filter((r) => 'wall' in r && r.wall).map((r) => r.path),
);
const SHELL_SLOTS: ShellSlots = { userMenu: UserMenu };

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <Spin size="large" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

function Page() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoading />}>
        {/* List screens keep their table state in the URL through nuqs (lib/list). */}
        <NuqsAdapter>
          <Outlet />
        </NuqsAdapter>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The frame of every signed-in screen: menu, navbar, content, footer, scroll-to-top. A wall display
 * (/monitoring) gets the page alone. Either way the page sits in the one `<main>` (antd's
 * Layout.Content is that element), which takes focus moves and the skip link.
 */
export default function AppLayout() {
  use(allMessagesReady());
  const { t } = useTranslation();
  const { layout, wide } = useEffectiveLayout();
  const { theme } = useCustomizer();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  useCurrentUserSync();
  useDayjsLocale();
  useRealtimeConnection();
  useRouteFocus('main-content');

  // antd's App (message, modal, notification hooks) lives here, not on the login page's bundle.
  if (WALL_PATHS.has(pathname)) {
    return (
      <AntApp component={false}>
        <FeedbackHost />
        <ShellSlotsContext value={SHELL_SLOTS}>
          <main id="main-content" tabIndex={-1} className="app-wall">
            <Page />
          </main>
        </ShellSlotsContext>
      </AntApp>
    );
  }
  return (
    <AntApp component={false}>
      <FeedbackHost />
      <ShellSlotsContext value={SHELL_SLOTS}>
        <Layout className={`app-shell app-shell-${layout} app-theme-${theme}`} data-layout={layout}>
          <a className="skip-link" href="#main-content">
            {t('app.skipToContent')}
          </a>
          {/* The order search and the navbar's tools sit after the whole menu in tab order (48 Tabs
              away on an admin's menu): a second skip link reaches them in two keys (issue #35). */}
          <a className="skip-link" href="#app-navbar">
            {t('app.skipToNavbar')}
          </a>
          {layout === 'vertical' && wide && <Sidebar />}
          {!wide && (
            <Suspense fallback={null}>
              <MobileSidebar open={drawer} onClose={() => setDrawer(false)} />
            </Suspense>
          )}
          <Layout className="app-main">
            <div className="app-header-wrap">
              <Navbar layout={layout} wide={wide} onOpenMenu={() => setDrawer(true)} />
              {layout === 'horizontal' && <HorizontalMenu />}
            </div>
            <Layout.Content className="app-content" id="main-content" tabIndex={-1}>
              <Page />
            </Layout.Content>
            <AppFooter />
          </Layout>
          <Suspense fallback={null}>
            <BackToTop />
          </Suspense>
        </Layout>
      </ShellSlotsContext>
    </AntApp>
  );
}
