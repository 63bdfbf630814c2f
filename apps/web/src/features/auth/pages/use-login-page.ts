import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, homePathFor } from '@cacifo/contract/navigation';
import { can } from '@cacifo/contract/permissions';
import type { AccountRole, Module } from '@cacifo/contract';
import { loadSignedInApp } from '@/app/signed-in-app-loader';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession, useSessionEndReason } from '@/lib/session';
import { login, useRecaptchaSiteKey } from '../api/login';

// Plain React, no TanStack Query or zod: this hook is part of the first download of everyone who
// signs in (issue #34, docs/adr/0225).

interface LoginLocationState {
  reason?: 'expired' | 'forbidden' | 'logout';
  from?: string;
}

export interface LoginForm {
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

/** The login page's state: the form, the captcha, why the user is here and the submission. */
export function useLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginLocationState;
  const session = useSession();
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

  const onCaptcha = (token: string | null) => {
    setCaptcha(token);
    setCaptchaError(false);
  };

  // Signed in and not sent here on purpose (expired, forbidden, logout): the page redirects.
  const redirectTo =
    session && !state.reason && !pending ? destination(state.from, session.userRole, session.modules) : null;

  return {
    session,
    siteKey,
    pending,
    values,
    setValues,
    errors,
    failure,
    notice,
    reasonShown,
    captchaError,
    captchaReset,
    onCaptcha,
    onCaptchaError: () => setCaptchaError(true),
    onSubmit,
    redirectTo,
    continueHome: () => (session ? navigate(homePathFor(session.userRole, session.modules)) : undefined),
  };
}
