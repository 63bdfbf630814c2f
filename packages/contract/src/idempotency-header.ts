// Without zod, so the web's API client (loaded with the sign-in page) can name the header (issue #34).

/**
 * The `Idempotency-Key` request header (issue #24, docs/adr/0040-idempotency-keys.md). A client
 * makes one key per intended write (a form submission, a partner's order) and sends it again on a
 * retry; the server answers the retry with the first answer instead of writing twice.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** On a replayed answer the server adds this header with the value `true`. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
