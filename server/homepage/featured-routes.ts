// Admin featured-categories routes (filled in by the admin site-management issue).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export async function featuredRoutes(app: FastifyInstance, { services }: { services: Services }) {
  void app;
  void services;
}
