// Refuse state-changing API requests from another origin (a cross-site form or fetch).
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    // Non-browser clients send neither header; browsers always send Origin on cross-site writes.
    if (!origin) return;
    const own = `${request.protocol}://${request.headers.host}`;
    if (origin !== allowed && origin !== own) throw forbidden('Cross-origin request refused');
  });
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
