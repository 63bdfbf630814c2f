/**
 * The calls the web's sign-in page makes, as plain paths: that page loads no zod schema (issue #34),
 * so it cannot import the endpoint entries (endpoints/auth.ts, endpoints/shell.ts), which take
 * their paths from here.
 */
export const SIGN_IN_PATHS = {
  token: '/oauth/v2/token',
  storeUser: '/api/store/username/:username',
  health: '/api/health',
} as const;
