import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tokenRequestSchema } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { AuthService } from './auth.service.js';

export async function authModule(app: FastifyInstance) {
  const service = new AuthService(app.db, app.config);

  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: '/oauth/v2/token',
      permission: 'public',
      summary: 'OAuth2 token: password and refresh_token grants',
      body: tokenRequestSchema,
      async handler({ body, req, reply }) {
        const token =
          body.grant_type === 'password'
            ? await service.passwordGrant({
                username: body.username,
                password: body.password,
                clientId: body.client_id,
                clientSecret: body.client_secret,
                address: req.ip,
                recaptcha: body.recaptcha,
              })
            : await service.refreshGrant({
                refreshToken: body.refresh_token,
                clientId: body.client_id,
                clientSecret: body.client_secret,
              });
        // OAuth clients read the token fields at the top level; our client reads the envelope.
        reply.header('cache-control', 'no-store');
        return reply.send({ ResultCode: 1, Data: token, Description: '', ...token });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/logout',
      permission: 'session',
      summary: 'Revoke the current token',
      async handler({ account }) {
        await service.logout(account!);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/store/username/:username',
      permission: 'session',
      summary: 'Role and company of an account (SPEC §7)',
      params: z.object({ username: z.string().min(1).max(100) }),
      handler: ({ account, params }) => service.storeUser(account!, params.username),
    }),
  ]);
}
