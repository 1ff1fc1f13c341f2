// `npm run create-admin -- <username> <email>`: creates an ADMIN, or promotes an existing account.
// The password comes from ADMIN_PASSWORD, or a random one is generated and printed once.
// Uses the same DATA_DIR / DATABASE_URL as the server (stop an embedded-database server first:
// PGlite allows one process per data directory).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { sessions, users } from '../server/db/schema.ts';
import { hashPassword } from '../server/auth/passwords.ts';

const USAGE = 'Usage: npm run create-admin -- <username> <email>   (password from ADMIN_PASSWORD, else generated)';

export type CreateAdminResult = {
  action: 'created' | 'promoted';
  username: string;
  password: string | undefined;
  generated: boolean;
};

/**
 * Creates `username` as ADMIN, or promotes it (its sessions end, as on any role change). A given
 * password replaces the old one; without one, a new account gets a generated password and an
 * existing account keeps its own.
 */
export async function createAdmin(
  db: Db,
  input: { username: string; email: string; password?: string },
): Promise<CreateAdminResult> {
  const username = input.username.trim();
  const email = input.email.trim();
  if (!username) throw new Error('username is required');
  if (!z.email().safeParse(email).success) throw new Error(`invalid email: ${email}`);
  if (input.password !== undefined && input.password.length < 6) throw new Error('ADMIN_PASSWORD must be at least 6 characters');

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    const [emailOwner] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (emailOwner && emailOwner.id !== existing?.id)
      throw new Error(`email ${email} already belongs to "${emailOwner.username}"`);

    if (existing) {
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      await tx
        .update(users)
        .set({ role: 'ADMIN', email, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      return { action: 'promoted', username: existing.username, password: input.password, generated: false };
    }
    const generated = input.password === undefined;
    const password = input.password ?? randomBytes(12).toString('base64url');
    await tx.insert(users).values({ username, email, passwordHash: await hashPassword(password), role: 'ADMIN' });
    return { action: 'created', username, password, generated };
  });
}

async function main(argv: string[]) {
  const [username, email, ...extra] = argv;
  if (!username || !email || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // ADMIN_PASSWORD is validated by loadConfig (which wants ADMIN_USERNAME beside it).
  const config = loadConfig({ ...process.env, ADMIN_USERNAME: username, ADMIN_EMAIL: undefined });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await createAdmin(database.db, { username, email, password: config.admin?.password });
    console.log(`${result.action === 'created' ? 'Created' : 'Promoted'} admin "${result.username}" <${email}>.`);
    if (result.generated) console.log(`Password (shown only once): ${result.password}`);
    else if (result.password) console.log('Password set from ADMIN_PASSWORD.');
    else console.log('Password unchanged (set ADMIN_PASSWORD to replace it).');
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? `create-admin: ${error.message}` : error);
    process.exitCode = 1;
  }
}
