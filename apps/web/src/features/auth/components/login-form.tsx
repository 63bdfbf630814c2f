import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomizer } from '@/lib/customizer';
import { currentLanguage } from '@/lib/i18n';
import type { LoginForm as LoginValues } from '../pages/use-login-page';
import { LoginInput, LoginPassword } from './login-controls';
import { LoginField } from './login-field';
import { Recaptcha } from './recaptcha';

interface LoginFormProps {
  values: LoginValues;
  setValues: Dispatch<SetStateAction<LoginValues>>;
  errors: { username?: string; password?: string };
  pending: boolean;
  siteKey: string;
  captchaReset: number;
  onCaptcha: (token: string | null) => void;
  onCaptchaError: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** The login form: username, password, the captcha when the site has one, and the submit button. */
export function LoginForm(props: LoginFormProps) {
  const { values, setValues, errors, pending, siteKey } = props;
  const { t } = useTranslation();
  const { theme } = useCustomizer();
  return (
    <form onSubmit={props.onSubmit} noValidate className="login-form" aria-busy={pending}>
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
            resetSignal={props.captchaReset}
            onToken={props.onCaptcha}
            onError={props.onCaptchaError}
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
  );
}
