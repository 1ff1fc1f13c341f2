// Sitemaps, RSS and robots.txt (filled in by the public-reading issue).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export async function seoRoutes(app: FastifyInstance, { services }: { services: Services }) {
  void app;
  void services;
}
