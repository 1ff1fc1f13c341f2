// Public article routes under /api/public/articles (filled in by the public-reading issue).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

export async function publicArticlesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  void app;
  void services;
}
