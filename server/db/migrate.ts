// The schema's migrations: the hand-written SQL files of ./migrations, in the order of their
// journal (meta/_journal.json), applied by drizzle at every start before the server serves; a
// database already up to date runs none. The same files run on both engines.
import path from 'node:path';
import type { Pool } from 'pg';
import { appRoot } from '../paths.ts';
import type { Db } from './database.ts';

const migrationsFolder = path.join(appRoot, 'server/db/migrations');

/** PGlite: one process owns the database (./data-dir-lock.ts), so nothing else migrates it meanwhile. */
export async function migratePglite(db: Db): Promise<void> {
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(db as never, { migrationsFolder });
}

/**
 * PostgreSQL: several instances may start at once against one server, so they migrate one after
 * another, on one connection (an advisory lock belongs to its session).
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrate(drizzle({ client: lockClient }), { migrationsFolder });
    await lockClient.query('select pg_advisory_unlock(727274)');
  } finally {
    lockClient.release();
  }
}
