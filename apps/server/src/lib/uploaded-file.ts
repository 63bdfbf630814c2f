import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Reads the one uploaded file of a multipart request (field name free). The module that takes
 * uploads registers @fastify/multipart with its own size limit; `maxBytes` only words the error.
 */
export async function uploadedFile(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw new AppError('invalidFile', { reason: 'noFile' });
  // A body that is no multipart form (cut short, no boundary where it says) is the sender's
  // fault: 400 unreadable, not the parser's error as a 500 (issue #31).
  const refuse = (err: { code?: string; statusCode?: number; message?: string }): never => {
    if (err instanceof AppError) throw err;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413)
      throw new AppError('payloadTooLarge', { max: maxBytes });
    throw new AppError('invalidFile', { reason: 'unreadable' }, `unreadable upload: ${String(err.message)}`);
  };
  const file = await req.file().catch(refuse);
  if (!file) throw new AppError('invalidFile', { reason: 'noFile' });
  const buf = await file.toBuffer().catch(refuse);
  return { name: file.filename, buf };
}
