// Throwaway resources for tests and the benchmark: a PostgreSQL database, a free port.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Creates a fresh database on the test server, empty or a copy of `template`; drop() removes it
 * (closing any connection left).
 */
export async function createPgDatabase(prefix = 'test', { template }: { template?: string } = {}) {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** For "this command changed nothing" checks: every file and folder under `root`: its mode, and for a file its bytes' hash. */
export async function folderSnapshot(root: string) {
  const seen: Record<string, string> = {};
  for (const name of (await readdir(root, { recursive: true })).sort()) {
    const info = await lstat(path.join(root, name));
    seen[name] = info.isFile()
      ? `${info.mode.toString(8)} ${createHash('sha256')
          .update(await readFile(path.join(root, name)))
          .digest('hex')}`
      : info.mode.toString(8);
  }
  return seen;
}
