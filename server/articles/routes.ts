// Articles: HTTP routes under /api (filled in by its issue).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export async function articlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  void app;
  void services;
}
