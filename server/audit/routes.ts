// The Activity screen's API: read-only (no route edits or deletes an entry), ADMIN only.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { typed } from '../http/openapi.ts';
import { AuditPageSchema, AuditQuerySchema } from '../../contract/audit.ts';

export async function auditRoutes(app: FastifyInstance, { services }: { services: Services }) {
  typed(app).get(
    '/admin/audit',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['audit'],
        summary: 'Activity log, newest first (filter by actor, action, from, to)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => services.audit.list(request.query),
  );
}
