import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@cacifo/contract/navigation';
import { BrandLogo } from '@/components/brand-logo';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { LOGIN_PATH } from '@cacifo/contract/route-paths';

/** Blank-layout pages (not found, not authorised): brand on top, one way back. */
export function StatusPage({ status, title, text }: { status: '404' | '403'; title: string; text: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  usePageTitle(title);
  const logout = useLogout();
  const home = session ? homePathFor(session.userRole, session.modules) : '/login';
  // A role with no screen in this deployment (a kiosk account in the browser) has no home to go back
  // to: offer to sign out instead of a button that leads here again.
  const stuck = session !== null && home === window.location.pathname;
  return (
    <div className="status-page">
      <header className="status-page-brand">
        <BrandLogo size={34} />
      </header>
      <main id="main-content" className="status-page-body">
        <Result
          status={status}
          title={<h1 className="status-page-title">{title}</h1>}
          subTitle={text}
          extra={
            stuck ? (
              <Button
                type="primary"
                size="large"
                loading={logout.isPending}
                onClick={() =>
                  logout.mutate(undefined, {
                    onSettled: () => navigate(LOGIN_PATH, { replace: true, state: { reason: 'logout' } }),
                  })
                }
              >
                {t('userMenu.logout')}
              </Button>
            ) : (
              <Button type="primary" size="large" onClick={() => navigate(home)}>
                {t('common.backHome')}
              </Button>
            )
          }
        />
      </main>
    </div>
  );
}
