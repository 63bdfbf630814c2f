import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginIcon, type LoginIconName } from './login-icons';

/**
 * The sign-in form's controls as plain HTML drawn like antd's large input, password and primary
 * button (login-page.css): /login loads no antd (issue #34). The field wiring (label, aria-invalid,
 * aria-describedby to the error text) stays with LoginField and the caller.
 */
type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  icon: LoginIconName;
  invalid: boolean;
};

function Affixed({
  icon,
  invalid,
  disabled,
  suffix,
  children,
}: {
  icon: LoginIconName;
  invalid: boolean;
  disabled: boolean | undefined;
  suffix?: ReactNode;
  children: ReactNode;
}) {
  const cls = ['login-input', invalid && 'login-input-invalid', disabled && 'login-input-disabled'];
  return (
    <span className={cls.filter(Boolean).join(' ')}>
      <LoginIcon name={icon} className="login-input-prefix" />
      {children}
      {suffix}
    </span>
  );
}

export function LoginInput({ icon, invalid, ...input }: InputProps) {
  return (
    <Affixed icon={icon} invalid={invalid} disabled={input.disabled}>
      <input {...input} aria-invalid={invalid} />
    </Affixed>
  );
}

/** A password input with a show/hide button, as antd's Password has. */
export function LoginPassword({ icon, invalid, ...input }: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const toggle = (
    <button
      type="button"
      className="login-input-suffix"
      aria-pressed={shown}
      aria-label={t('auth.showPassword')}
      disabled={input.disabled}
      onClick={() => setShown((s) => !s)}
    >
      <LoginIcon name={shown ? 'eye' : 'eyeInvisible'} />
    </button>
  );
  return (
    <Affixed icon={icon} invalid={invalid} disabled={input.disabled} suffix={toggle}>
      <input {...input} type={shown ? 'text' : 'password'} aria-invalid={invalid} />
    </Affixed>
  );
}

const NOTICE_ICON = {
  error: 'closeCircle',
  warning: 'exclamationCircle',
  success: 'checkCircle',
  info: 'infoCircle',
} as const;

/** A notice above the form, like antd's Alert with its icon; errors are announced at once. */
export function LoginNotice({
  type,
  text,
  action,
  testId,
}: {
  type: keyof typeof NOTICE_ICON;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`login-alert login-alert-${type}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <LoginIcon name={NOTICE_ICON[type]} className="login-alert-icon" />
      <div className="login-alert-text">{text}</div>
      {action}
    </div>
  );
}
