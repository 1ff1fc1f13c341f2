// SPEC.md §7 Auth: thin adapters over the auth service.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services.ts';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { unauthorized } from '../http/errors.ts';
import { SESSION_COOKIE } from './sessions.ts';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { auth, sessions, config } = services;

  const setSessionCookie = (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      expires: session.expiresAt,
    });

  // Brute-force protection per client address (DESIGN.md §2).
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };

  app.post('/auth/login', { config: { rateLimit } }, async (request, reply) => {
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    const { session, result } = await auth.login(request.body, request.ip);
    setSessionCookie(reply, session);
    return result;
  });

  app.post('/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const { session, result } = await auth.register(request.body);
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, session);
    return reply.status(201).send(result);
  });

  app.post('/auth/logout', async (request, reply) => {
    await sessions.destroy(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.get('/auth/check-auth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return request.user ? { authenticated: true, role: request.user.role } : { authenticated: false, role: null };
  });

  app.get('/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) throw unauthorized();
    return { id: request.user.id, username: request.user.username, email: request.user.email, role: request.user.role };
  });
}
