// The outside Fastify plugins every part of the app relies on: compression, cookies, the rate
// limiter (off by default: the routes that need it say so) and multipart uploads.
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';

/** Upload limits: 4 article images of 2 MB plus form fields; the services check each file again. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export async function registerExternalPlugins(app: FastifyInstance) {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 20, fieldSize: 1024 * 1024, parts: 40 },
  });
}
