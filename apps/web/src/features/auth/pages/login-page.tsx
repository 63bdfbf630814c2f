import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Button } from 'antd';
// Direct files, not the `Input` namespace: that one drags TextArea, OTP and Search into the login bundle.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, homePathFor } from '@cacifo/contract/navigation';
import { can } from '@cacifo/contract/permissions';
import type { AccountRole, Module } from '@cacifo/contract';
import { BrandLogo } from '@/components/brand-logo';
import { LanguageToggle } from '@/components/language-toggle';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCustomizer } from '@/lib/customizer';
import { useFeatures } from '@/lib/health';
import { currentLanguage } from '@/lib/i18n';
import { useSession, useSessionEndReason } from '@/lib/session';
import { useLogin } from '../api/login';
import { LoginField } from '../components/login-field';
import { Recaptcha } from '../components/recaptcha';
import { LoginHero } from '../components/login-hero';
import './login-page.css';

// Notices only show after a failed attempt or a redirect: antd's Alert loads then, not with /login.
const Alert = lazy(() => import('antd/es/alert'));

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
  const features = useFeatures();
  const login = useLogin();
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

  if (session && !state.reason && !login.isPending) {
    return <Navigate to={destination(state.from, session.userRole, session.modules)} replace />;
  }

  const siteKey = features.recaptchaSiteKey;

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
    setFailure(null);
    setDismissed(true);
    try {
      const s = await login.mutateAsync({ ...values, ...(captcha ? { recaptcha: captcha } : {}) });
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
          <Suspense fallback={null}>
            {notice && (
              <Alert
                type={notice.type}
                title={notice.text}
                showIcon
                className="login-alert"
                data-testid="login-notice"
              />
            )}
            {failure && (
              <Alert
                type="error"
                title={failure}
                showIcon
                className="login-alert"
                data-testid="login-error"
              />
            )}
            {session && reasonShown === 'forbidden' && (
              <Alert
                type="info"
                title={t('auth.signedInAs', { name: session.name || session.username })}
                showIcon
                className="login-alert"
                action={
                  <Button
                    size="small"
                    onClick={() => navigate(homePathFor(session.userRole, session.modules))}
                  >
                    {t('auth.continue')}
                  </Button>
                }
              />
            )}
            {captchaError && (
              <Alert type="error" title={t('auth.recaptchaFailed')} showIcon className="login-alert" />
            )}
          </Suspense>
          <form onSubmit={onSubmit} noValidate className="login-form" aria-busy={login.isPending}>
            <LoginField id="username" label={t('auth.username')} error={errors.username}>
              <Input
                id="username"
                size="large"
                value={values.username}
                onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
                prefix={<UserOutlined aria-hidden />}
                placeholder={t('auth.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
                disabled={login.isPending}
                status={errors.username ? 'error' : undefined}
                aria-invalid={Boolean(errors.username)}
                aria-describedby="username-error"
              />
            </LoginField>
            <LoginField id="password" label={t('auth.password')} error={errors.password}>
              <Password
                id="password"
                size="large"
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('auth.passwordPlaceholder')}
                autoComplete="current-password"
                disabled={login.isPending}
                status={errors.password ? 'error' : undefined}
                aria-invalid={Boolean(errors.password)}
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
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={login.isPending}
              disabled={login.isPending}
              data-testid="login-submit"
            >
              {login.isPending ? t('auth.submitting') : t('auth.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
