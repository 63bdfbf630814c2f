import { z } from 'zod';

/** Bookmark (SPEC §3). `id` is the route id of the page it points to. */
export const bookmarkSchema = z.object({
  id: z.string().min(1).max(100),
  target: z.string().min(1).max(100),
  title: z.string().min(1).max(100),
  link: z
    .string()
    .min(1)
    .max(300)
    .startsWith('/')
    .meta({ examples: ['/orders'] }),
  icon: z.string().max(50).optional(),
  starred: z.boolean(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export {
  BOOKMARK_SUGGESTIONS_IDLE,
  BOOKMARK_SUGGESTIONS_TYPING,
  STARRED_BOOKMARKS_MAX,
} from '../bookmarks.js';

/** GET /api/search/bookmarks/data: the pages this role may open, each with its starred flag. */
export const bookmarksReplySchema = z.object({
  suggestions: z.array(bookmarkSchema),
  bookmarks: z.array(bookmarkSchema),
});
export type BookmarksReply = z.infer<typeof bookmarksReplySchema>;

/** POST api/update/bookmarks: star or unstar one page (SPEC: body `obj`). */
export const updateBookmarkRequestSchema = z.object({
  obj: z.object({ id: z.string().min(1).max(100), starred: z.boolean() }),
});
export type UpdateBookmarkRequest = z.infer<typeof updateBookmarkRequestSchema>;

/** GET /api/main-search/data: searchable pages for this role. */
export const mainSearchItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  icon: z.string().optional(),
  category: z.string(),
});
export type MainSearchItem = z.infer<typeof mainSearchItemSchema>;

/** GET /api/health: reachable pieces, version and the serving instance (footer v{ip}). */
/**
 * The health check. A visitor gets `status` and the login page's public reCAPTCHA key only (issue
 * #20); a signed-in user also `modules` and `features`; the details (database, devices, version,
 * serving instance) need 'health.details', admins only (issue #31).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }).optional(),
  devices: z
    .object({
      driver: z.string(),
      ok: z.boolean(),
      controllers: z.number().int(),
      /** MQTT only: this instance's link to the broker, and since when it is up or down. */
      broker: z.object({ connected: z.boolean(), since: z.string() }).optional(),
    })
    .optional(),
  version: z.string().optional(),
  instance: z.string().optional(),
  modules: z.array(z.string()).optional(),
  features: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])).optional(),
});
export type Health = z.infer<typeof healthSchema>;
