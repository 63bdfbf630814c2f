import type { FastifyInstance } from 'fastify';
import { contentApi as api } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { ContentService } from './content.service.js';

/** Terms (/admins/terms) and FAQs (/admins/faqs); public reads for the kiosk and rental pages. */
export async function contentModule(app: FastifyInstance) {
  const service = new ContentService(app.db);

  registerRoutes(app, [
    route(api.termsVersions, ({ query }) => service.termsVersions(query.language)),
    route(api.publishTerms, ({ account, body }) => service.publishTerms(account, body.language, body.body)),
    route(api.currentTerms, ({ params }) => service.currentTerms(params.language)),
    route(api.faqs, ({ query }) => service.faqs(query.language)),
    route(api.addFaq, ({ account, body }) => service.addFaq(account, body)),
    route(api.reorderFaqs, ({ account, body }) => service.reorderFaqs(account, body.language, body.ids)),
    route(api.updateFaq, ({ account, params, body }) => service.updateFaq(account, params.id, body)),
    route(api.deleteFaq, ({ account, params }) => service.deleteFaq(account, params.id).then(() => null)),
    route(api.publicFaqs, ({ params }) => service.faqs(params.language)),
  ]);
}
