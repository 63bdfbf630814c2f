import type { ReactNode } from 'react';

interface LoginFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

/**
 * Label, control and error text for the login form. The login page skips antd's Form (and its
 * validator) to keep the first download small; this keeps the same look and accessible wiring:
 * the control carries `aria-describedby={id}-error` and `aria-invalid` itself.
 */
export function LoginField({ id, label, error, children }: LoginFieldProps) {
  return (
    <div className={`login-field${error ? ' login-field-error' : ''}`}>
      <label htmlFor={id} className="login-field-label">
        {label}
      </label>
      {children}
      <div id={`${id}-error`} className="login-field-message" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
