import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, homePathFor } from '@cacifo/contract/navigation';
import { can } from '@cacifo/contract/permissions';
import type { AccountRole, Module } from '@cacifo/contract';
import { loadSignedInApp } from '@/app/signed-in-app-loader';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageToggle } from '@/components/language-toggle';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCustomizer } from '@/lib/customizer';
import { currentLanguage } from '@/lib/i18n';
import { useSession, useSessionEndReason } from '@/lib/session';
import { login, useRecaptchaSiteKey } from '../api/login';
import { LoginInput, LoginNotice, LoginPassword } from '../components/login-controls';
import { LoginField } from '../components/login-field';
import { Recaptcha } from '../components/recaptcha';
import { LoginHero } from '../components/login-hero';
import './login-page.css';

// Plain HTML and CSS, no antd, TanStack Query or zod: this page is the first download of everyone
// who signs in (issue #34, docs/adr/0225). The signed-in app loads after, or while the form is sent.

interface LoginLocationState {
  reason?: 'expired' | 'forbidden' | 'logout';
  from?: string;
}

interface LoginForm {
  username: string;
  password: string;
}

/** Where to go after login: back where the user was headed if the role may open it, else home. */
function destination(from: string | undefined, role: AccountRole, modules: Module[]): string {
  if (from && from !== '/login') {
    const route = APP_ROUTES.find((r) => r.path === from);
    if (route && can(role, route.permission, modules)) return from;
  }
  return homePathFor(role, modules);
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const session = useSession();
  const { theme } = useCustomizer();
  const siteKey = useRecaptchaSiteKey();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const endReason = useSessionEndReason();
  const [dismissed, setDismissed] = useState(false);
  // The navigation state says why we are here; the session store covers a redirect that lost it.
  const reasonShown = dismissed ? null : (state.reason ?? endReason);

  if (session && !state.reason && !pending) {
    return <Navigate to={destination(state.from, session.userRole, session.modules)} replace />;
  }

  const errors = {
    username: submitted && !values.username.trim() ? t('auth.usernameRequired') : undefined,
    password: submitted && !values.password ? t('auth.passwordRequired') : undefined,
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Double submission is blocked synchronously; `isPending` only changes on the next render.
    if (busy.current) return;
    setSubmitted(true);
    if (!values.username.trim() || !values.password) return;
    if (siteKey && !captcha) {
      setFailure(t('auth.recaptchaRequired'));
      return;
    }
    busy.current = true;
    setPending(true);
    setFailure(null);
    setDismissed(true);
    // The signed-in app downloads while the credentials are checked, not after.
    loadSignedInApp().catch(() => undefined);
    try {
      const s = await login({ ...values, ...(captcha ? { recaptcha: captcha } : {}) });
      navigate(destination(state.from, s.userRole, s.modules), { replace: true });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      setFailure(code === 'invalidCredentials' ? t('errors.invalidCredentials') : errorMessage(error));
      if (siteKey) {
        setCaptcha(null);
        setCaptchaReset((n) => n + 1);
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const notice =
    reasonShown === 'expired'
      ? { type: 'warning' as const, text: t('errors.sessionExpired') }
      : reasonShown === 'forbidden'
        ? { type: 'warning' as const, text: t('auth.forbidden') }
        : reasonShown === 'logout'
          ? { type: 'success' as const, text: t('auth.loggedOut') }
          : null;

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
                  onClick={() => navigate(homePathFor(session.userRole, session.modules))}
                >
                  {t('auth.continue')}
                </button>
              }
            />
          )}
          {captchaError && <LoginNotice type="error" text={t('auth.recaptchaFailed')} />}
          <form onSubmit={onSubmit} noValidate className="login-form" aria-busy={pending}>
            <LoginField id="username" label={t('auth.username')} error={errors.username}>
              <LoginInput
                id="username"
                icon="user"
                value={values.username}
                onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
                placeholder={t('auth.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
                disabled={pending}
                invalid={Boolean(errors.username)}
                aria-describedby="username-error"
              />
            </LoginField>
            <LoginField id="password" label={t('auth.password')} error={errors.password}>
              <LoginPassword
                id="password"
                icon="lock"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                placeholder={t('auth.passwordPlaceholder')}
                autoComplete="current-password"
                disabled={pending}
                invalid={Boolean(errors.password)}
                aria-describedby="password-error"
              />
            </LoginField>
            {siteKey && (
              <div className="login-field">
                <Recaptcha
                  siteKey={siteKey}
                  language={currentLanguage()}
                  dark={theme === 'dark'}
                  resetSignal={captchaReset}
                  onToken={(token) => {
                    setCaptcha(token);
                    setCaptchaError(false);
                  }}
                  onError={() => setCaptchaError(true)}
                />
              </div>
            )}
            <button
              type="submit"
              className="plain-button plain-button-primary plain-button-large plain-button-block"
              disabled={pending}
              data-testid="login-submit"
            >
              {pending && <span className="plain-button-spinner" aria-hidden="true" />}
              {pending ? t('auth.submitting') : t('auth.submit')}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
