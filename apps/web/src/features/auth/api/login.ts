import { useMutation } from '@tanstack/react-query';
import type { AccountRole, Module, StoreUser } from '@cacifo/contract';
import { authApi } from '@cacifo/contract/endpoints/auth';
import { callEndpoint, expiresAtFrom, requestToken } from '@/lib/api-client';
import { startSession, type AuthSession } from '@/lib/session';

interface LoginInput {
  username: string;
  password: string;
  /** Present only when the deployment configures a reCAPTCHA site key. */
  recaptcha?: string;
}

/** GET api/store/username/{username}: the server says which role and store this account has. */
function fetchStoreUser(username: string, token?: string): Promise<StoreUser> {
  return callEndpoint(authApi.storeUser, { params: { username } }, token ? { token } : {});
}

/** Token grant, then role lookup with the new token; the session starts only when both succeed. */
async function login(input: LoginInput): Promise<AuthSession> {
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

export function useLogin() {
  return useMutation({ mutationFn: login });
}
