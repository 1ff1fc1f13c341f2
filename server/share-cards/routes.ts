// GET /media/card-<id>-<version>[-square].jpg: a story's share picture, made on its first request
// (./service.ts). Beside /media/* (server/media/serving.ts), which this more particular route
// precedes; cached like every media name, since a version's bytes never change.
import type { FastifyInstance } from 'fastify';
import type { ShareCardsService } from './service.ts';

export function registerShareCardRoutes(app: FastifyInstance, cards: ShareCardsService) {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/card-*',
    async handler(request, reply) {
      const card = await cards.get(`card-${request.params['*']}`);
      // An edited story's former card is no longer its picture: gone, like any unknown media name.
      if (!card) return reply.callNotFound();
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', card.length)
        .send(request.method === 'HEAD' ? undefined : card);
    },
  });
}
