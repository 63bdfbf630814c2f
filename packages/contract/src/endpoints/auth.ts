import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { storeUserSchema, tokenReplySchema, tokenRequestSchema } from '../schemas/auth.js';
import { SIGN_IN_PATHS } from '../sign-in-paths.js';

/** Sign-in (OAuth2 password and refresh grants), sign-out and the role lookup of SPEC §7. */
export const authApi = defineEndpoints('auth', {
  token: {
    method: 'POST',
    path: SIGN_IN_PATHS.token,
    permission: 'public',
    summary: 'OAuth2 token: password and refresh_token grants',
    description:
      'Answers the envelope with the token in Data and, for OAuth clients, the same fields at the top level.',
    body: tokenRequestSchema,
    reply: tokenReplySchema,
    errors: [
      'invalidClient',
      'invalidCredentials',
      'recaptchaFailed',
      'accountDisabled',
      'clientDisabled',
      'tooManyAttempts',
      'sessionExpired',
    ],
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    permission: 'session',
    summary: 'Revoke the current token',
    reply: z.null(),
  },
  storeUser: {
    method: 'GET',
    path: SIGN_IN_PATHS.storeUser,
    permission: 'session',
    summary: 'Role and company of an account (SPEC §7)',
    params: z.object({ username: z.string().min(1).max(100) }),
    reply: storeUserSchema,
    errors: ['notFound'],
  },
});
