import {
  importPreviewSchema,
  importProgressQuerySchema,
  importProgressSchema,
  importQuerySchema,
  importResultSchema,
} from '../schemas/orders.js';

/** An import upload: a multipart body with one .xlsx, .xls or .csv file. */
const importUpload = {
  method: 'POST',
  permission: 'orders.import',
  upload: true,
  query: importQuerySchema,
} as const;
const IMPORT_ERRORS = ['invalidFile', 'invalidFileType'] as const;

/** The orders' import from a file (preview, import, progress): part of the orders area (endpoints/orders.ts). */
export const orderImportEndpoints = {
  importPreview: {
    ...importUpload,
    path: '/api/delivery/importOrders/preview',
    summary: 'Read and validate an .xlsx, .xls or .csv file of orders (nothing is written)',
    reply: importPreviewSchema,
    errors: IMPORT_ERRORS,
  },
  importOrders: {
    ...importUpload,
    path: '/api/delivery/importOrders',
    summary: 'Create every valid order of the file in one transaction (idempotent by package id)',
    reply: importResultSchema,
    errors: IMPORT_ERRORS,
  },
  importProgress: {
    method: 'GET',
    path: '/api/delivery/importOrders/progress',
    permission: 'orders.import',
    summary: "How far the caller's import with this progress id is: rows read, checked, written",
    description:
      'The id is the `progress` the client gave the preview or the import. Answers null for an id ' +
      'this instance does not know (kept 10 minutes after the import ends).',
    query: importProgressQuerySchema,
    reply: importProgressSchema,
  },
} as const;
