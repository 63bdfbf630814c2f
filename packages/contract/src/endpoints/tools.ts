import { defineEndpoints } from '../endpoint.js';
import {
  kioskQrSchema,
  kioskTextsQuerySchema,
  kioskTextsSchema,
  qrStateSchema,
  refreshQrSchema,
  resetDataReplySchema,
  resetDataSchema,
  toolTextsReplySchema,
  updateToolTextsSchema,
} from '../schemas/content.js';

/** Admin tools (/admins/tools): texts, QR refresh, delete all user data; kiosk reads. (Messages: notifications.) */
export const toolsApi = defineEndpoints('tools', {
  texts: {
    method: 'GET',
    path: '/api/admin/tools/texts',
    permission: 'tools.manage',
    summary: 'Kiosk screen texts and SMS templates in pt, en, es and fr',
    reply: toolTextsReplySchema,
  },
  updateTexts: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/tools/texts',
    permission: 'tools.manage',
    summary: 'Save some texts (the others stay); answers every text',
    body: updateToolTextsSchema,
    reply: toolTextsReplySchema,
  },
  qr: {
    method: 'GET',
    path: '/api/admin/tools/qr',
    permission: 'tools.manage',
    summary: 'Current kiosk QR generation and when it was refreshed',
    reply: qrStateSchema,
  },
  refreshQr: {
    method: 'POST',
    path: '/api/admin/tools/refresh-qr',
    permission: 'tools.manage',
    summary: 'New QR generation for every kiosk; older codes stop working (log 24)',
    body: refreshQrSchema,
    reply: qrStateSchema,
  },
  resetData: {
    method: 'POST',
    path: '/api/admin/tools/reset-data',
    permission: 'data.reset',
    summary: 'Delete all user data: admin PIN and confirmation (log 23)',
    body: resetDataSchema,
    reply: resetDataReplySchema,
    errors: ['wrongPin', 'pinNotSet', 'tooManyAttempts'],
  },
  kioskTexts: {
    method: 'GET',
    path: '/api/kiosk/texts',
    permission: 'kiosk.use',
    summary: 'Kiosk screen texts in one language',
    query: kioskTextsQuerySchema,
    reply: kioskTextsSchema,
  },
  kioskQr: {
    method: 'GET',
    path: '/api/kiosk/qr',
    permission: 'kiosk.use',
    summary: 'The QR this screen shows (current generation)',
    reply: kioskQrSchema,
  },
});
