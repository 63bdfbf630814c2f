import type { FastifyInstance } from 'fastify';
import { updateBookmarkRequestSchema } from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { BookmarksService } from './bookmarks.service.js';

export async function bookmarksModule(app: FastifyInstance) {
  const service = new BookmarksService(app.db, app.config.modules);
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/search/bookmarks/data',
      permission: 'session',
      summary: 'Bookmarkable pages of this role and the starred ones',
      handler: ({ account }) => service.data(account!),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/update/bookmarks',
      permission: 'session',
      summary: 'Star or unstar a page (at most 10 starred)',
      body: updateBookmarkRequestSchema,
      handler: ({ account, body }) => service.update(account!, body.obj.id, body.obj.starred),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/main-search/data',
      permission: 'session',
      summary: 'Searchable pages for this role',
      handler: ({ account }) => service.search(account!),
    }),
  ]);
}
