import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import {
  contentLanguageSchema,
  createFaqSchema,
  createTermsSchema,
  updateFaqSchema,
  faqSchema,
  reorderFaqsSchema,
  contentLanguageQuerySchema,
  termsVersionSchema,
} from '../schemas/content.js';
import { urlIdSchema } from '../validation.js';

const idParams = z.object({ id: urlIdSchema });
const languageParams = z.object({ language: contentLanguageSchema });

/** Terms (/admins/terms) and FAQs (/admins/faqs); public reads for the kiosk and rental pages. */
export const contentApi = defineEndpoints('content', {
  termsVersions: {
    method: 'GET',
    path: '/api/admin/terms',
    permission: 'tools.manage',
    summary: 'Every version of the terms in one language, newest first',
    query: contentLanguageQuerySchema,
    reply: z.array(termsVersionSchema),
  },
  publishTerms: {
    method: 'POST',
    path: '/api/admin/terms',
    permission: 'tools.manage',
    summary: 'Publish a new version of the terms in one language (409 when unchanged)',
    body: createTermsSchema,
    reply: termsVersionSchema,
    errors: ['conflict'],
  },
  currentTerms: {
    method: 'GET',
    path: '/api/terms/:language',
    permission: 'public',
    summary: 'The terms in force in one language (null when none were published)',
    params: languageParams,
    reply: termsVersionSchema.nullable(),
  },
  faqs: {
    method: 'GET',
    path: '/api/admin/faqs',
    permission: 'tools.manage',
    summary: 'FAQs of one language in their saved order',
    query: contentLanguageQuerySchema,
    reply: z.array(faqSchema),
  },
  addFaq: {
    method: 'POST',
    path: '/api/admin/faqs',
    permission: 'tools.manage',
    summary: 'Add a FAQ at the end of its language',
    body: createFaqSchema,
    reply: faqSchema,
  },
  reorderFaqs: {
    method: 'PUT',
    path: '/api/admin/faqs/order',
    permission: 'tools.manage',
    summary: "Save the order of a language's FAQs (all of its ids, in order; 409 when stale)",
    body: reorderFaqsSchema,
    reply: z.array(faqSchema),
    errors: ['conflict'],
  },
  updateFaq: {
    method: 'PUT',
    versioned: true,
    path: '/api/admin/faqs/:id',
    permission: 'tools.manage',
    summary: "Change a FAQ's question and answer",
    params: idParams,
    body: updateFaqSchema,
    reply: faqSchema,
    errors: ['notFound'],
  },
  deleteFaq: {
    method: 'DELETE',
    path: '/api/admin/faqs/:id',
    permission: 'tools.manage',
    summary: 'Delete a FAQ',
    params: idParams,
    reply: z.null(),
    errors: ['notFound'],
  },
  publicFaqs: {
    method: 'GET',
    path: '/api/faqs/:language',
    permission: 'public',
    summary: 'FAQs of one language in their saved order',
    params: languageParams,
    reply: z.array(faqSchema),
  },
});
