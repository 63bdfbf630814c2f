import { useRef, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
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
import { Recaptcha } from '../components/recaptcha';
import { LoginHero } from '../components/login-hero';
import './login-page.css';

export interface LoginLocationState {
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
  const endReason = useSessionEndReason();
  const [dismissed, setDismissed] = useState(false);
  // The navigation state says why we are here; the session store covers a redirect that lost it.
  const reasonShown = dismissed ? null : (state.reason ?? endReason);

  if (session && !state.reason && !login.isPending) {
    return <Navigate to={homePathFor(session.userRole, session.modules)} replace />;
  }

  const siteKey = features.recaptchaSiteKey;

  const onFinish = async (values: LoginForm) => {
    // Double submission is blocked synchronously; `isPending` only changes on the next render.
    if (busy.current) return;
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
            <Alert type="error" title={failure} showIcon className="login-alert" data-testid="login-error" />
          )}
          {captchaError && (
            <Alert type="error" title={t('auth.recaptchaFailed')} showIcon className="login-alert" />
          )}
          <Form<LoginForm>
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            disabled={login.isPending}
            size="large"
          >
            <Form.Item
              label={t('auth.username')}
              name="username"
              rules={[{ required: true, whitespace: true, message: t('auth.usernameRequired') }]}
            >
              <Input
                prefix={<UserOutlined aria-hidden />}
                placeholder={t('auth.usernamePlaceholder')}
                autoComplete="username"
                autoFocus
              />
            </Form.Item>
            <Form.Item
              label={t('auth.password')}
              name="password"
              rules={[{ required: true, message: t('auth.passwordRequired') }]}
            >
              <Input.Password
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('auth.passwordPlaceholder')}
                autoComplete="current-password"
              />
            </Form.Item>
            {siteKey && (
              <Form.Item>
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
              </Form.Item>
            )}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={login.isPending}
              disabled={login.isPending}
              data-testid="login-submit"
            >
              {login.isPending ? t('auth.submitting') : t('auth.submit')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
