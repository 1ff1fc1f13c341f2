// Mail for admins (contract/mail.ts): whether the site can send, and what waits or failed.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { serve } from '../http/contract.ts';
import { MAIL_ROUTES as routes } from '../../contract/mail.ts';

export async function mailRoutes(app: FastifyInstance, { services }: { services: Services }) {
  serve(app, routes.status, async () => services.mail.status());
}
