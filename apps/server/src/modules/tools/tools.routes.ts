import type { FastifyInstance } from 'fastify';
import { toolsApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { ToolsService } from './tools.service.js';

/** Admin tools (/admins/tools): texts, QR refresh, delete all user data, kiosk reads. */
export async function toolsModule(app: FastifyInstance) {
  const service = new ToolsService(app.db, app.adminPin);

  registerRoutes(app, [
    route(api.texts, () => service.texts()),
    route(api.updateTexts, ({ account, body }) => service.updateTexts(account, body)),
    route(api.qr, () => service.qrState()),
    route(api.refreshQr, ({ account }) => service.refreshQr(account)),
    route(api.resetData, ({ account, body }) => service.resetData(account, body.pin)),
    route(api.kioskTexts, ({ query }) => service.kioskTexts(query.language)),
    route(api.kioskQr, ({ account }) => service.kioskQr(account)),
  ]);
}
