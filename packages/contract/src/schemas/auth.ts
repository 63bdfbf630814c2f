import { z } from 'zod';
import { ACCOUNT_ROLES } from '../roles.js';
import { ALL_MODULES } from '../permissions.js';

/** POST oauth/v2/token: OAuth2 password and refresh_token grants (form or JSON body). */
export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(200),
    client_id: z.string().min(1).max(200),
    client_secret: z.string().min(1).max(200),
    /** reCAPTCHA response token; required only when the deployment configures reCAPTCHA. */
    recaptcha: z.string().max(4000).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(200),
    client_id: z.string().min(1).max(200),
    client_secret: z.string().min(1).max(200),
  }),
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

/** RFC 6749 token reply: this one is not wrapped in the envelope, as OAuth clients expect. */
export const tokenReplySchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string().nullable(),
});
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** GET api/store/username/{username}: Data.roles and Data.company (SPEC §7). */
export const storeUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  roles: z.array(z.string()),
  company: z.string().nullable(),
  modules: z.array(z.enum(ALL_MODULES)),
});
export type StoreUser = z.infer<typeof storeUserSchema>;
