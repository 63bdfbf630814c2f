import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageToggle } from '@/components/language-toggle';
import { LoginNotice } from '../components/login-controls';
import { LoginForm } from '../components/login-form';
import { LoginHero } from '../components/login-hero';
import { useLoginPage } from './use-login-page';
import './login-page.css';

// Plain HTML and CSS, no antd, TanStack Query or zod: this page is the first download of everyone
// who signs in (issue #34, docs/adr/0225). The signed-in app loads after, or while the form is sent.

export default function LoginPage() {
  const { t } = useTranslation();
  const page = useLoginPage();
  const { session, notice, failure, reasonShown } = page;

  if (page.redirectTo !== null) return <Navigate to={page.redirectTo} replace />;

  return (
    <div className="login-page">
      <LoginHero />
      <main className="login-panel" id="main-content">
        <div className="login-panel-top">
          <LanguageToggle />
        </div>
        <div className="login-card">
          <BrandLogo size={40} />
          <h1 className="login-title">{t('auth.welcome')}</h1>
          <p className="login-subtitle">{t('auth.subtitle')}</p>
          {notice && <LoginNotice type={notice.type} text={notice.text} testId="login-notice" />}
          {failure && <LoginNotice type="error" text={failure} testId="login-error" />}
          {session && reasonShown === 'forbidden' && (
            <LoginNotice
              type="info"
              text={t('auth.signedInAs', { name: session.name || session.username })}
              action={
                <button
                  type="button"
                  className="plain-button plain-button-small plain-button-default"
                  onClick={page.continueHome}
                >
                  {t('auth.continue')}
                </button>
              }
            />
          )}
          {page.captchaError && <LoginNotice type="error" text={t('auth.recaptchaFailed')} />}
          <LoginForm
            values={page.values}
            setValues={page.setValues}
            errors={page.errors}
            pending={page.pending}
            siteKey={page.siteKey}
            captchaReset={page.captchaReset}
            onCaptcha={page.onCaptcha}
            onCaptchaError={page.onCaptchaError}
            onSubmit={page.onSubmit}
          />
        </div>
      </main>
    </div>
  );
}
