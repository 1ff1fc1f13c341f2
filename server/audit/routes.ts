// The Activity screen's API (declared in contract/audit.ts): read-only, ADMIN only.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { AUDIT_ROUTES as routes } from '../../contract/audit.ts';

export async function auditRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, routes.list, async (request) => services.audit.list(request.query));
}
