// Refuse state-changing requests from another origin (a cross-site form or fetch).
// Decided on the method alone, never on the path: the router decodes `%61pi`, folds `//` and
// ignores a trailing slash, so any path test can be spelled around. Every route that changes
// something answers a method other than GET/HEAD/OPTIONS, wherever it is mounted.
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
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
