// Registration and sign-in rules, written once.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AUTH_MESSAGES, LoginSchema, RegisterSchema } from '../../contract/auth.ts';
import type { Role } from '../../contract/roles.ts';
import { conflict, parseOr400, unauthorized } from '../http/errors.ts';
import { burnVerify, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionStore } from './sessions.ts';
import { recordStaffSignIn } from '../audit/service.ts';

export function createAuthService({ db, sessions }: { db: Db; sessions: SessionStore }) {
  async function findByUsername(username: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  return {
    async register(body: unknown) {
      const input = parseOr400(RegisterSchema, body);
      const [taken] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email})`)
        .limit(1);
      if (taken) {
        throw conflict(
          taken.username.toLowerCase() === input.username.toLowerCase() ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.emailTaken,
        );
      }
      const passwordHash = await hashPassword(input.password);
      try {
        const [user] = await db
          .insert(users)
          .values({ username: input.username, email: input.email.toLowerCase(), passwordHash, role: 'USER' })
          .returning();
        const session = await sessions.create(user.id);
        return { user, session, result: { role: user.role as Role, message: AUTH_MESSAGES.registerOk } };
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (
          (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (error as { cause?: { code?: string } }).cause?.code === '23505'
        ) {
          throw conflict(AUTH_MESSAGES.usernameTaken);
        }
        throw error;
      }
    },

    async login(body: unknown, ip?: string) {
      const input = parseOr400(LoginSchema, body);
      const user = await findByUsername(input.username);
      if (!user) {
        await burnVerify(input.password);
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(AUTH_MESSAGES.badCredentials);
      const session = await sessions.create(user.id);
      await recordStaffSignIn(db, user, ip);
      return { user, session, result: { role: user.role as Role, message: AUTH_MESSAGES.loginOk } };
    },

    findByUsername,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
