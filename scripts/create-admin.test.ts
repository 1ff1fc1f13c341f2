// create-admin: creating, promoting, password rules; and the command itself on an embedded database.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../server/test/app.ts';
import { sessions, users } from '../server/db/schema.ts';
import { verifyPassword } from '../server/auth/passwords.ts';
import { openDatabase } from '../server/db/client.ts';
import { openPgliteCopy } from '../server/test/databases.ts';
import { createAdmin } from './create-admin.ts';

const t = useTestApp();

const userNamed = async (username: string) => (await t.services.db.select().from(users).where(eq(users.username, username)))[0];

describe('createAdmin', () => {
  it('creates an admin with the given password', async () => {
    const result = await createAdmin(t.services.db, { username: 'chief', email: 'chief@example.com', password: 'editor-secret' });
    expect(result).toEqual({ action: 'created', username: 'chief', password: 'editor-secret', generated: false });
    const user = await userNamed('chief');
    expect(user.role).toBe('ADMIN');
    expect(await verifyPassword(user.passwordHash, 'editor-secret')).toBe(true);
  });

  it('generates a password when none is given', async () => {
    const result = await createAdmin(t.services.db, { username: 'deputy', email: 'deputy@example.com' });
    expect(result.generated).toBe(true);
    expect(result.password!.length).toBeGreaterThanOrEqual(12);
    expect(await verifyPassword((await userNamed('deputy')).passwordHash, result.password!)).toBe(true);
  });

  it('promotes an existing user, ends its sessions and keeps its password unless one is given', async () => {
    const signedIn = await t.signIn('USER', 'promoted_one');
    const before = await userNamed('promoted_one');
    const result = await createAdmin(t.services.db, { username: 'Promoted_One', email: 'promoted_one@example.com' });
    expect(result).toEqual({ action: 'promoted', username: 'promoted_one', password: undefined, generated: false });
    const after = await userNamed('promoted_one');
    expect(after.role).toBe('ADMIN');
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, signedIn.id))).toEqual([]);

    await createAdmin(t.services.db, { username: 'promoted_one', email: 'promoted_one@example.com', password: 'brand-new-1' });
    expect(await verifyPassword((await userNamed('promoted_one')).passwordHash, 'brand-new-1')).toBe(true);
  });

  it('refuses a bad email, a short password and an email of another account', async () => {
    await expect(createAdmin(t.services.db, { username: 'x1', email: 'not-an-email' })).rejects.toThrow(
      'invalid email: not-an-email',
    );
    await expect(createAdmin(t.services.db, { username: 'x2', email: 'x2@example.com', password: '12345' })).rejects.toThrow(
      'ADMIN_PASSWORD must be at least 6 characters',
    );
    await expect(createAdmin(t.services.db, { username: 'x3', email: 'CHIEF@example.com' })).rejects.toThrow(
      'email CHIEF@example.com already belongs to "chief"',
    );
    expect(await userNamed('x3')).toBeUndefined();
  });
});

describe('npm run create-admin', () => {
  it('creates the admin in DATA_DIR, prints the generated password, closes the database, explains its usage', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'create-admin-'));
    // A newsroom whose server has run once (an empty migrated database): what the command meets.
    await (await openPgliteCopy(dataDir)).close();
    try {
      const run = (args: string[]) =>
        promisify(execFile)(process.execPath, ['scripts/create-admin.ts', ...args], {
          env: { PATH: process.env.PATH, DATA_DIR: dataDir },
        });
      const first = await run(['boss', 'boss@example.com']);
      expect(first.stdout).toContain('Created admin "boss" <boss@example.com>.');
      const password = /Password \(shown only once\): (\S+)/.exec(first.stdout)![1];

      const usage = await run([]).catch((e: { code: number; stderr: string }) => e);
      expect(usage).toMatchObject({ code: 2 });
      expect((usage as { stderr: string }).stderr).toContain('Usage: npm run create-admin -- <username> <email>');

      const database = await openDatabase({ dataDir });
      const [boss] = await database.db.select().from(users).where(eq(users.username, 'boss'));
      await database.close();
      expect(boss.role).toBe('ADMIN');
      expect(await verifyPassword(boss.passwordHash, password)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
