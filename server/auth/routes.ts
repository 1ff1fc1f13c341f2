// SPEC.md §7 Auth, plus account recovery (change password, reset links, two-step sign-in,
// sign out everywhere else): thin adapters over the auth service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { unauthorized } from '../http/errors.ts';
import { currentUser, requireRole, requireRoleDuringTotpSetup } from '../http/guards.ts';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { auth, sessions, config } = services;
  const cookieName = config.sessionCookie;
  const tokenOf = (request: FastifyRequest) => request.cookies[cookieName];
  const setSessionCookie = (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
    reply.setCookie(cookieName, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      expires: session.expiresAt,
    });

  // Brute-force protection per client address (DESIGN.md §2); per account in throttle.ts.
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };
  app.post('/auth/login', { config: { rateLimit } }, async (request, reply) => {
    await sessions.destroy(tokenOf(request));
    const { session, result } = await auth.login(request.body, request.ip);
    setSessionCookie(reply, session);
    return result;
  });
  app.post('/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const { session, result } = await auth.register(request.body);
    await sessions.destroy(tokenOf(request));
    setSessionCookie(reply, session);
    return reply.status(201).send(result);
  });
  app.post('/auth/logout', async (request, reply) => {
    await sessions.destroy(tokenOf(request));
    reply.clearCookie(cookieName, { path: '/', secure: config.secureCookies });
    return { message: AUTH_MESSAGES.loggedOut };
  });
  app.get('/auth/check-auth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return request.user ? { authenticated: true, role: request.user.role } : { authenticated: false, role: null };
  });
  app.get('/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) throw unauthorized();
    return auth.me(request.user);
  });

  const signedIn = { preHandler: requireRole('USER', 'REPORTER', 'ADMIN') };
  const staff = { preHandler: requireRoleDuringTotpSetup('REPORTER', 'ADMIN') };
  app.post('/auth/change-password', { ...signedIn, config: { rateLimit } }, async (request, reply) => {
    await auth.changePassword(currentUser(request), tokenOf(request), request.body);
    return reply.status(204).send();
  });
  app.post('/auth/logout-others', signedIn, async (request, reply) => {
    await sessions.destroyOthers(currentUser(request).id, tokenOf(request));
    return reply.status(204).send();
  });
  app.post('/auth/reset-password', { config: { rateLimit } }, async (_request, reply) => {
    await auth.resetPassword(_request.body);
    return reply.status(204).send();
  });
  app.post('/admin/users/:id/password-reset', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    return reply.status(201).send(await auth.issuePasswordReset(currentUser(request), request.params, request.ip));
  });
  app.post('/auth/totp/setup', staff, async (request) => auth.totp.setup(currentUser(request)));
  app.post('/auth/totp/enable', { ...staff, config: { rateLimit } }, async (request) =>
    auth.totp.enable(currentUser(request).id, request.body),
  );
  app.post('/auth/totp/disable', { ...staff, config: { rateLimit } }, async (request, reply) => {
    await auth.disableTotp(currentUser(request), request.body);
    return reply.status(204).send();
  });
}
