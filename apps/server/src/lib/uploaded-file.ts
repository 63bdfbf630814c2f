import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Reads the one uploaded file of a multipart request (field name free). The module that takes
 * uploads registers @fastify/multipart with its own size limit; `maxBytes` only words the error.
 */
export async function uploadedFile(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw new AppError('invalidFile', { reason: 'noFile' });
  const file = await req.file();
  if (!file) throw new AppError('invalidFile', { reason: 'noFile' });
  const buf = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', { max: maxBytes });
    throw err;
  });
  return { name: file.filename, buf };
}
