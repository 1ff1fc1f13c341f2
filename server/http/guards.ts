// Who is calling: the session cookie becomes request.user; routes declare the roles they allow.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '../../contract/roles.ts';
import { forbidden, unauthorized } from './errors.ts';
import { SESSION_COOKIE, type SessionStore, type SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function registerSessionLookup(app: FastifyInstance, sessions: SessionStore) {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    request.user = await sessions.find(request.cookies[SESSION_COOKIE]);
  });
}

/** 401 when signed out, 403 when signed in with another role. */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
  };
}

/** The signed-in user, for handlers behind requireRole. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
