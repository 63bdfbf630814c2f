/**
 * The contract's zod schema modules, imported when a form is validated rather than with its page:
 * zod and the schemas (~25 KB gzip) are needed to check what was typed, never to draw the form.
 * The bundler keeps each module in its own chunk; the browser fetches it once.
 */
export const contentSchemas = () => import('@cacifo/contract/schemas/content');
export const locationSchemas = () => import('@cacifo/contract/schemas/locations');
export const marketplaceSchemas = () => import('@cacifo/contract/schemas/marketplace');
export const officeSchemas = () => import('@cacifo/contract/schemas/office');
export const validationSchemas = () => import('@cacifo/contract/validation');
export const messageSchemas = () => import('@cacifo/contract/schemas/messages');
