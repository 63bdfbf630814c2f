/**
 * Bookmark limits (SPEC §9), apart from the zod schemas in schemas/shell.ts so the web's navbar can
 * read them without loading zod on every signed-in page.
 */
export const STARRED_BOOKMARKS_MAX = 10;
export const BOOKMARK_SUGGESTIONS_TYPING = 6;
export const BOOKMARK_SUGGESTIONS_IDLE = 100;
