import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import {
  bookmarksReplySchema,
  healthSchema,
  mainSearchItemSchema,
  updateBookmarkRequestSchema,
} from '../schemas/shell.js';
import { SIGN_IN_PATHS } from '../sign-in-paths.js';

/** The shell every screen shares: health (footer, features), bookmarks and page search. */
export const shellApi = defineEndpoints('shell', {
  health: {
    method: 'GET',
    path: SIGN_IN_PATHS.health,
    permission: 'public',
    summary: 'Status; signed in, modules and features; admins, database, devices, version and instance',
    description:
      'Anonymous: `{ status }` (and the public reCAPTCHA site key); when the instance is degraded the ' +
      'reply is the failure `degraded` (ResultCode 0) with that Data, HTTP 503 when the database or ' +
      'its schema is missing, 200 when only a controller is offline. Signed in: `status`, `modules` ' +
      'and `features`; with `health.details` (admins) also the database, devices, version and serving ' +
      'instance (issue #31). HTTP 503 on a lost database either way.',
    reply: healthSchema,
    errors: ['degraded'],
  },
  bookmarks: {
    method: 'GET',
    path: '/api/search/bookmarks/data',
    permission: 'session',
    summary: 'Bookmarkable pages of this role and the starred ones',
    reply: bookmarksReplySchema,
  },
  updateBookmark: {
    method: 'POST',
    path: '/api/update/bookmarks',
    permission: 'session',
    summary: 'Star or unstar a page (at most 10 starred)',
    body: updateBookmarkRequestSchema,
    reply: bookmarksReplySchema,
    errors: ['notFound', 'ruleBroken'],
  },
  search: {
    method: 'GET',
    path: '/api/main-search/data',
    permission: 'session',
    summary: 'Searchable pages for this role',
    reply: z.array(mainSearchItemSchema),
  },
});
