import { lazy, Suspense, use, useState } from 'react';
import { App as AntApp, Layout, Spin } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUserSync } from '@/features/auth/api/get-current-user';
import { useCustomizer } from '@/lib/customizer';
import { allMessagesReady } from '@/lib/i18n';
import { useRealtimeConnection } from '@/lib/realtime';
import { ErrorBoundary } from '../error-boundary';
import { AppFooter } from './app-footer';
import { CustomizerPanel } from './customizer-panel';
import { HorizontalMenu } from './horizontal-menu';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useDayjsLocale } from './use-dayjs-locale';
import { useEffectiveLayout } from './use-effective-layout';

// The page-loader table belongs to the shell (its own small chunk, which the router also asks for).
export { ROUTE_PAGES } from '../route-pages';

// Not needed for the first paint of a wide screen: loaded beside the page, not before it.
const BackToTop = lazy(() => import('./back-to-top'));
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <Spin size="large" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

/** The frame of every signed-in screen: menu, navbar, content, footer, customizer, scroll-to-top. */
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

  // antd's App (message, modal, notification hooks) lives here, not on the login page's bundle.
  return (
    <AntApp component={false}>
      <Layout className={`app-shell app-shell-${layout} app-theme-${theme}`} data-layout={layout}>
        <a className="skip-link" href="#main-content">
          {t('app.skipToContent')}
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
            <main>
              <ErrorBoundary key={pathname}>
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </main>
          </Layout.Content>
          <AppFooter />
        </Layout>
        <CustomizerPanel />
        <Suspense fallback={null}>
          <BackToTop />
        </Suspense>
      </Layout>
    </AntApp>
  );
}
