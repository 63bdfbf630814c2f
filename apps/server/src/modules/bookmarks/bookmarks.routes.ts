import type { FastifyInstance } from 'fastify';
import { shellApi } from '@cacifo/contract';
import { registerRoutes, route } from '../../lib/define-route.js';
import { BookmarksService } from './bookmarks.service.js';

export async function bookmarksModule(app: FastifyInstance) {
  const service = new BookmarksService(app.db, app.config.modules);
  registerRoutes(app, [
    route(shellApi.bookmarks, ({ account }) => service.data(account)),
    route(shellApi.updateBookmark, ({ account, body }) =>
      service.update(account, body.obj.id, body.obj.starred),
    ),
    route(shellApi.search, ({ account }) => service.search(account)),
  ]);
}
