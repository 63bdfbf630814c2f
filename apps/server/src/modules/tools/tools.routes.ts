import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contentLanguageSchema,
  refreshQrSchema,
  resetDataSchema,
  smsListQuerySchema,
  updateToolTextsSchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { kioskQrPayload, ToolsService } from './tools.service.js';

/** Admin tools (/admins/tools): texts, QR refresh, delete all user data, SMS outbox; kiosk reads. */
export async function toolsModule(app: FastifyInstance) {
  const service = new ToolsService(app.db, app.adminPin);

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/admin/tools/texts',
      permission: 'tools.manage',
      summary: 'Kiosk screen texts and SMS templates in pt, en, es and fr',
      handler: () => service.texts(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/tools/texts',
      permission: 'tools.manage',
      body: updateToolTextsSchema,
      handler: ({ body }) => service.updateTexts(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/tools/qr',
      permission: 'tools.manage',
      handler: () => service.qrState(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/tools/refresh-qr',
      permission: 'tools.manage',
      summary: 'New QR generation for every kiosk; older codes stop working (log 24)',
      body: refreshQrSchema,
      handler: ({ account }) => service.refreshQr(account!),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/tools/reset-data',
      permission: 'data.reset',
      summary: 'Delete all user data: admin PIN and confirmation (log 23)',
      body: resetDataSchema,
      handler: ({ account, body }) => service.resetData(account!, body.pin),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/tools/sms',
      permission: 'tools.manage',
      summary: 'SMS outbox, newest first',
      query: smsListQuerySchema,
      handler: ({ query }) => service.sms(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/kiosk/texts',
      permission: 'kiosk.use',
      summary: 'Kiosk screen texts in one language',
      query: z.object({ language: contentLanguageSchema.default('pt') }),
      handler: ({ query }) => service.kioskTexts(query.language),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/kiosk/qr',
      permission: 'kiosk.use',
      summary: 'The QR this screen shows (current generation)',
      handler: async ({ account }) => ({ payload: await kioskQrPayload(app.db, account!.id) }),
    }),
  ]);
}
