// Signing in and out, registration, and account recovery (change password, reset links, two-step
// sign-in, sign out everywhere else). Rules in ./service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services.ts';
import {
  AUTH_MESSAGES,
  AuthCheckSchema,
  AuthResultSchema,
  ChangePasswordSchema,
  LoginSchema,
  MeSchema,
  PasswordResetLinkSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TotpCodeSchema,
  TotpDisableSchema,
  TotpEnabledSchema,
  TotpSetupSchema,
} from '../../contract/auth.ts';
import { ROLES } from '../../contract/roles.ts';
import { ErrorBody, IdParam } from '../../contract/http.ts';
import { MessageResultSchema } from '../../contract/users.ts';
import { unauthorized } from '../http/errors.ts';
import { currentUser } from '../http/guards.ts';
import { typed } from '../http/openapi.ts';
import { actorOf } from '../audit/service.ts';

const tags = ['auth'];
const signedIn = ROLES;
const staff = ['REPORTER', 'ADMIN'] as const;
const noContent = z.null();
const limited = { 429: ErrorBody };

export async function authRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { auth, sessions, config } = services;
  const api = typed(app);
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

  // Brute-force protection per client address; per account in throttle.ts.
  const rateLimit = { max: config.authRateLimit, timeWindow: '1 minute' };

  api.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Sign in: sets the session cookie',
        description:
          'A wrong username or password is 401. With two-step sign-in on, a missing or wrong `code` is 401 with `totpRequired: true`; ' +
          'after repeated failures the account waits (429 with Retry-After).',
        body: LoginSchema,
        response: { 200: AuthResultSchema, 401: ErrorBody, ...limited },
      },
    },
    async (request, reply) => {
      await sessions.destroy(tokenOf(request));
      const { session, result } = await auth.login(request.body, request.ip);
      setSessionCookie(reply, session);
      return result;
    },
  );

  api.post(
    '/auth/register',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Create a reader (USER) account and sign in',
        body: RegisterSchema,
        response: { 201: AuthResultSchema, 409: ErrorBody, ...limited },
      },
    },
    async (request, reply) => {
      const { session, result } = await auth.register(request.body);
      await sessions.destroy(tokenOf(request));
      setSessionCookie(reply, session);
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out (ends this session)', response: { 200: MessageResultSchema } },
    },
    async (request, reply) => {
      await sessions.destroy(tokenOf(request));
      reply.clearCookie(cookieName, { path: '/', secure: config.secureCookies });
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  api.get(
    '/auth/check-auth',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Whether the caller is signed in, and as what', response: { 200: AuthCheckSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.user ? { authenticated: true, role: request.user.role } : { authenticated: false, role: null };
    },
  );

  api.get(
    '/auth/me',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'The signed-in account', response: { 200: MeSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user) throw unauthorized();
      return auth.me(request.user);
    },
  );

  api.post(
    '/auth/change-password',
    {
      config: { access: signedIn, rateLimit },
      schema: {
        tags,
        summary: 'Change the own password (other sessions end)',
        body: ChangePasswordSchema,
        response: { 204: noContent, ...limited },
      },
    },
    async (request, reply) => {
      await auth.changePassword(currentUser(request), tokenOf(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/auth/logout-others',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'Sign out every other session of the own account', response: { 204: noContent } },
    },
    async (request, reply) => {
      await auth.signOutEverywhereElse(currentUser(request), tokenOf(request), request.ip);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/auth/reset-password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: 'Set a new password with a one-time reset link token',
        body: ResetPasswordSchema,
        response: { 204: noContent, ...limited },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/admin/users/:id/password-reset',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['users'],
        summary: 'Issue a one-time password reset link for another account (24 h)',
        params: IdParam,
        response: { 201: PasswordResetLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.issuePasswordReset(currentUser(request), request.params.id, request.ip)),
  );

  api.post(
    '/auth/totp/setup',
    {
      config: { access: staff, duringTotpSetup: true },
      schema: {
        tags,
        summary: 'Start two-step sign-in: a new secret for the authenticator app',
        response: { 200: TotpSetupSchema, 409: ErrorBody },
      },
    },
    async (request) => auth.totp.setup(currentUser(request)),
  );

  api.post(
    '/auth/totp/enable',
    {
      config: { access: staff, duringTotpSetup: true, rateLimit },
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
        body: TotpCodeSchema,
        response: { 200: TotpEnabledSchema, 409: ErrorBody, ...limited },
      },
    },
    async (request) => auth.totp.enable(currentUser(request).id, request.body, actorOf(request)),
  );

  api.post(
    '/auth/totp/disable',
    {
      config: { access: staff, duringTotpSetup: true, rateLimit },
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (password required)',
        body: TotpDisableSchema,
        response: { 204: noContent, ...limited },
      },
    },
    async (request, reply) => {
      await auth.disableTotp(currentUser(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
}
