import type { FastifyInstance } from 'fastify';
import { authApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { checkReply } from '../../lib/reply-contract.js';
import { AuthService } from './auth.service.js';

export async function authModule(app: FastifyInstance) {
  const service = new AuthService(app.db, app.config);

  registerRoutes(app, [
    route(authApi.token, async ({ body, req, reply }) => {
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
      if (app.config.contractChecks) checkReply(authApi.token, token);
      // OAuth clients read the token fields at the top level; our client reads the envelope.
      reply.header('cache-control', 'no-store');
      return reply.send({ ResultCode: 1, Data: token, Description: '', ...token });
    }),
    route(authApi.logout, async ({ account }) => {
      await service.logout(account);
      return null;
    }),
    route(authApi.storeUser, ({ account, params }) => service.storeUser(account, params.username)),
  ]);
}
