// The built web app's files (build/client): the hashed bundles under /assets, and the few files at
// the root (service worker, manifest, icons). Pages are React Router's (./ssr.ts).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerStaticFiles(app: FastifyInstance, clientDir: string) {
  // Hashed bundles under /assets never change, so they are cached for a year. One wildcard
  // route: a route per file and its compressed copies slowed start-up (docs/performance.md).
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    wildcard: true,
    index: false,
    // build-if-stale.ts writes .br/.gz beside each asset at maximum compression.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // The few other built files (service worker, manifest, icons), each its own route: a wildcard
  // at / would take every page's address from the web app.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    globIgnore: ['assets/**'],
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // The service worker is checked on every visit, so a deploy reaches readers at once.
      reply.header('cache-control', path.basename(filePath) === 'sw.js' ? 'no-cache' : 'public, max-age=86400');
    },
  });
}
