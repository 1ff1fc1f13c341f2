// The first admin: from ADMIN_* variables, or `admin` with a random password printed once.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Services } from '../services.ts';
import { sessions, users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

export async function ensureFirstAdmin(
  services: Pick<Services, 'db'>,
  config: Pick<Config, 'admin'>,
  print: (line: string) => void,
) {
  const { db } = services;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
  if (existing) return null;
  const username = config.admin?.username ?? 'admin';
  const generated = !config.admin?.password;
  const password = config.admin?.password ?? randomBytes(12).toString('base64url');
  const email = config.admin?.email ?? `${username.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'admin'}@localhost`;
  const passwordHash = await hashPassword(password);
  // An existing account with that name is promoted rather than duplicated.
  const [same] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (same) {
    // A promotion is a role change: sessions opened as the old role (or by whoever knew the old
    // password) end with it.
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'ADMIN', passwordHash }).where(eq(users.id, same.id));
      await tx.delete(sessions).where(eq(sessions.userId, same.id));
    });
  } else await db.insert(users).values({ username, email, passwordHash, role: 'ADMIN' });
  if (generated) {
    print(`First admin created. Sign in as "${username}" with password: ${password}`);
    print('This password is shown only once; set ADMIN_USERNAME/ADMIN_PASSWORD to choose your own.');
  } else {
    print(`First admin "${username}" created from ADMIN_USERNAME.`);
  }
  return { username, password };
}
