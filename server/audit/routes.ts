// The Activity screen's API: read-only (no route edits or deletes an entry), ADMIN only.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { requireRole } from '../http/guards.ts';

export async function auditRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get('/admin/audit', { preHandler: requireRole('ADMIN') }, async (request) => services.audit.list(request.query));
}
