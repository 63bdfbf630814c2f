import type { AccountRole, Health, Module } from '@cacifo/contract';
import { SIGN_IN_PATHS } from '@cacifo/contract/sign-in-paths';
import { useEffect, useState } from 'react';
import { ApiError, expiresAtFrom, fetchStoreUser, getPublic, requestToken } from '@/lib/api-client';
import { startSession, type AuthSession } from '@/lib/session';

// Plain calls, not TanStack Query: the sign-in page loads neither it nor any schema (issue #34).

interface LoginInput {
  username: string;
  password: string;
  /** Present only when the deployment configures a reCAPTCHA site key. */
  recaptcha?: string;
}

/** Token grant, then role lookup with the new token; the session starts only when both succeed. */
export async function login(input: LoginInput): Promise<AuthSession> {
  const token = await requestToken({
    grant_type: 'password',
    username: input.username.trim(),
    password: input.password,
    ...(input.recaptcha ? { recaptcha: input.recaptcha } : {}),
  });
  const user = await fetchStoreUser(input.username.trim(), token.access_token);
  const session: AuthSession = {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: expiresAtFrom(token),
    username: user.username,
    name: user.name,
    userRole: user.role as AccountRole,
    assignedStore: user.company,
    modules: user.modules as Module[],
  };
  startSession(session);
  return session;
}

/**
 * The deployment's reCAPTCHA site key from the public health check ('' when none). A degraded
 * instance still answers it (as the failure's Data), so sign-in keeps its captcha then.
 */
export function useRecaptchaSiteKey(): string {
  const [key, setKey] = useState('');
  useEffect(() => {
    const abort = new AbortController();
    getPublic<Health>(SIGN_IN_PATHS.health, abort.signal)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'degraded' && err.data) return err.data as Health;
        return null;
      })
      .then((health) => {
        const k = health?.features?.recaptchaSiteKey;
        if (!abort.signal.aborted) setKey(typeof k === 'string' ? k : '');
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  return key;
}
