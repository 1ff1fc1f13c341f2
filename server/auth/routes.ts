// Signing in and out, registration, and account recovery (change password, reset links, two-step
// sign-in, sign out everywhere else), declared in contract/auth.ts. Rules in ./service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { AUTH_MESSAGES, AUTH_RATE_LIMITED, AUTH_ROUTES as routes } from '../../contract/auth.ts';
import type { ApiRoute } from '../../contract/route.ts';
import { unauthorized } from '../http/errors.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { actorOf } from '../audit/service.ts';

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { auth, sessions, config, accountMail } = services;
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

  // Brute-force protection per client address (per account in throttle.ts), on the routes that take
  // a password or a code; each route counts on its own.
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };
  const limited = new Set<ApiRoute>(AUTH_RATE_LIMITED);
  app.addHook('onRoute', (options) => {
    const route = options.config?.apiRoute;
    if (!route || !limited.has(route)) return;
    const hooks = options.onRequest ? [options.onRequest].flat() : [];
    options.onRequest = [app.rateLimit(rateLimit), ...hooks];
  });

  serve(app, routes.login, async (request, reply) => {
    await sessions.destroy(tokenOf(request));
    const { session, result } = await auth.login(request.body, request.ip);
    setSessionCookie(reply, session);
    return result;
  });

  serve(app, routes.register, async (request, reply) => {
    const { session, result } = await auth.register(request.body);
    await sessions.destroy(tokenOf(request));
    setSessionCookie(reply, session);
    return result;
  });

  serve(app, routes.logout, async (request, reply) => {
    await sessions.destroy(tokenOf(request));
    reply.clearCookie(cookieName, { path: '/', secure: config.secureCookies });
    return { message: AUTH_MESSAGES.loggedOut };
  });

  serve(app, routes.check, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return request.user ? { authenticated: true, role: request.user.role } : { authenticated: false, role: null };
  });

  serve(app, routes.me, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!request.user) throw unauthorized();
    return auth.me(request.user);
  });

  // The same answer, at once, for any address: the mail (if any) is made after it.
  serve(app, routes.forgotPassword, async (request) => {
    accountMail.forgotPassword(request.body.email);
    return { message: AUTH_MESSAGES.forgotSent };
  });

  serve(app, routes.verifyEmail, async (request) => accountMail.verify(request.body.token, request.ip));

  serve(app, routes.resendVerification, async (request) => {
    await accountMail.resend(currentUser(request));
    return { message: AUTH_MESSAGES.verifySent };
  });

  serve(app, routes.changeEmail, async (request) => {
    await accountMail.changeEmail(currentUser(request), request.body);
    return { message: AUTH_MESSAGES.changeSent };
  });

  serve(app, routes.changePassword, async (request) => {
    await auth.changePassword(currentUser(request), tokenOf(request), request.body, request.ip);
  });

  serve(app, routes.logoutOthers, async (request) => {
    await auth.signOutEverywhereElse(currentUser(request), tokenOf(request), request.ip);
  });

  serve(app, routes.resetPassword, async (request) => {
    await auth.resetPassword(request.body, request.ip);
  });

  serve(app, routes.issueReset, async (request) => auth.issuePasswordReset(currentUser(request), request.params.id, request.ip));

  serve(app, routes.totpSetup, async (request) => auth.totp.setup(currentUser(request)));

  serve(app, routes.totpEnable, async (request) => auth.totp.enable(currentUser(request).id, request.body, actorOf(request)));

  serve(app, routes.totpDisable, async (request) => {
    await auth.disableTotp(currentUser(request), request.body, request.ip);
  });
}
