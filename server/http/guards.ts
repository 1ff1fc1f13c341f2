// Who is calling: the session cookie becomes request.user; routes declare the roles they allow.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '../../contract/roles.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { forbidden, unauthorized } from './errors.ts';
import { SESSION_COOKIE, type SessionStore, type SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** REQUIRE_STAFF_TOTP is on and this staff account has not turned two-step sign-in on yet. */
    totpSetupRequired: boolean;
  }
}

export function registerSessionLookup(
  app: FastifyInstance,
  sessions: SessionStore,
  opts: { cookieName?: string; requireStaffTotp?: boolean } = {},
) {
  const cookieName = opts.cookieName ?? SESSION_COOKIE;
  app.decorateRequest('user', null);
  app.decorateRequest('totpSetupRequired', false);
  // onRequest: the guards run before request schemas, so a stranger learns nothing from a 400.
  app.addHook('onRequest', async (request) => {
    const user = await sessions.find(request.cookies[cookieName]);
    request.user = user;
    request.totpSetupRequired = Boolean(opts.requireStaffTotp && user && user.role !== 'USER' && !user.totpEnabled);
  });
}

function guard(roles: Role[], exemptFromTotpSetup: boolean): preHandlerHookHandler {
  return async function guard(request: FastifyRequest, _reply: FastifyReply) {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden();
    // Staff-only work waits until two-step sign-in is on; what any user may do stays open.
    if (request.totpSetupRequired && !exemptFromTotpSetup && !roles.includes('USER')) {
      throw forbidden(AUTH_MESSAGES.totpSetupRequired).with({ totpSetupRequired: true });
    }
  };
}

/** 401 when signed out, 403 when signed in with another role. */
export const requireRole = (...roles: Role[]) => guard(roles, false);

/** The same, for the routes that set two-step sign-in up (REQUIRE_STAFF_TOTP must not block them). */
export const requireRoleDuringTotpSetup = (...roles: Role[]) => guard(roles, true);

/** The signed-in user, for handlers behind requireRole. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
