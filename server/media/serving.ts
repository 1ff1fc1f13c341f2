// GET /media/<name>: the stored pictures, cached for a year (names are content hashes). From the
// local folder by @fastify/static, or streamed from the bucket with the same headers: only names
// the product gives its pictures, as the bucket is read with the server's own keys.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isMediaName, servableMediaPath, type MediaStorage } from './storage.ts';
import { isIssuedMediaName } from './images.ts';

export async function registerMediaRoutes(app: FastifyInstance, storage: MediaStorage) {
  if (storage.kind === 'local') {
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: '/media/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      // Media names are content hashes: a missing file is a plain 404.
      wildcard: true,
      serve: true,
      // Flat names only, never through a link (server/media/storage.ts).
      allowedPath: (pathname) => servableMediaPath(storage.dir, pathname),
    });
    return;
  }
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    async handler(request, reply) {
      const name = request.params['*'];
      // Anything else in the bucket (`backup.tar.gz`) is not ours to hand out; known by its form, no database read.
      if (!isMediaName(name) || !isIssuedMediaName(name)) return reply.callNotFound();
      const ifNoneMatch = request.headers['if-none-match'];
      // Errors (the bucket out of reach) become a 503 naming the media storage (MediaStorageUnavailable).
      const found = await storage.open(name, { ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined });
      if (!found) return reply.callNotFound();
      reply.status(found.status).headers(found.headers);
      if (request.method === 'HEAD' || !found.body) {
        (found.body as { destroy?: () => void } | undefined)?.destroy?.();
        return reply.send();
      }
      return reply.send(found.body);
    },
  });
}
