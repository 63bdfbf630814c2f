import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contentLanguageSchema,
  createFaqSchema,
  createTermsSchema,
  faqFieldsSchema,
  faqLanguageQuerySchema,
  idSchema,
  reorderFaqsSchema,
  termsLanguageQuerySchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { ContentService } from './content.service.js';

const idParams = z.object({ id: idSchema });
const languageParams = z.object({ language: contentLanguageSchema });

/** Terms (/admins/terms) and FAQs (/admins/faqs); public reads for the kiosk and rental pages. */
export async function contentModule(app: FastifyInstance) {
  const service = new ContentService(app.db);

  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/admin/terms',
      permission: 'tools.manage',
      summary: 'Every version of the terms in one language, newest first',
      query: termsLanguageQuerySchema,
      handler: ({ query }) => service.termsVersions(query.language),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/terms',
      permission: 'tools.manage',
      summary: 'Publish a new version of the terms in one language',
      body: createTermsSchema,
      handler: ({ account, body }) => service.publishTerms(account!, body.language, body.body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/terms/:language',
      permission: 'public',
      summary: 'The terms in force in one language (null when none were published)',
      params: languageParams,
      handler: ({ params }) => service.currentTerms(params.language),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/admin/faqs',
      permission: 'tools.manage',
      query: faqLanguageQuerySchema,
      handler: ({ query }) => service.faqs(query.language),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/admin/faqs',
      permission: 'tools.manage',
      summary: 'Add a FAQ at the end of its language',
      body: createFaqSchema,
      handler: ({ body }) => service.addFaq(body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/faqs/order',
      permission: 'tools.manage',
      summary: "Save the order of a language's FAQs (all of its ids, in order)",
      body: reorderFaqsSchema,
      handler: ({ body }) => service.reorderFaqs(body.language, body.ids),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/admin/faqs/:id',
      permission: 'tools.manage',
      params: idParams,
      body: faqFieldsSchema,
      handler: ({ params, body }) => service.updateFaq(params.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/admin/faqs/:id',
      permission: 'tools.manage',
      params: idParams,
      handler: async ({ params }) => {
        await service.deleteFaq(params.id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/faqs/:language',
      permission: 'public',
      summary: 'FAQs of one language in their saved order',
      params: languageParams,
      handler: ({ params }) => service.faqs(params.language),
    }),
  ]);
}
