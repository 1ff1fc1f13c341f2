// Test harness: a real app over a fresh database, on PGlite or PostgreSQL (TEST_DB=postgres).
// Each call gets its own database; close() drops it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPgDatabase } from './resources.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';
import { buildApp } from '../app.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Role } from '../../contract/roles.ts';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type TestApp = {
  app: FastifyInstance;
  services: Services;
  baseUrl: string;
  dataDir: string;
  /** Creates a user and returns a cookie header value for it. */
  signIn(role: Role, username?: string): Promise<{ id: number; username: string; cookie: string }>;
  close(): Promise<void>;
};

export async function createTestApp(opts: { listen?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-test-'));
  const pgDb = TEST_DB === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    ...opts.env,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, inMemory: !pgDb });
  const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
  const app = await buildApp({ services, checkResponses: true });
  let baseUrl = '';
  if (opts.listen) baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  let n = 0;
  return {
    app,
    services,
    baseUrl,
    dataDir,
    async signIn(role, username) {
      const name = username ?? `${role.toLowerCase()}${++n}_${randomBytes(3).toString('hex')}`;
      const [user] = await services.db
        .insert(users)
        .values({ username: name, email: `${name}@example.com`, passwordHash: await hashPassword('secret123'), role })
        .returning();
      const session = await services.sessions.create(user.id);
      return { id: user.id, username: name, cookie: `${config.sessionCookie}=${session.token}` };
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
